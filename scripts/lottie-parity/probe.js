// Runs in headless Chromium after lottie-web (from pylottie's lottie.html): draws the requested
// frames of the animation with lottie-web's canvas renderer and writes them, as PNG data URLs,
// into a "frames" pre element for --dump-dom. Frames are counted from the animation's ip, as
// goToAndStop(frame, true) counts them.
(function () {
  const input = JSON.parse(document.getElementById("input").textContent);
  const root = document.getElementById("root");
  root.style.width = input.width + "px";
  root.style.height = input.height + "px";
  const animation = lottie.loadAnimation({
    container: root, renderer: "canvas", loop: false, autoplay: false,
    animationData: input.animation, assetsPath: input.assetsPath,
    rendererSettings: { clearCanvas: true, preserveAspectRatio: "xMidYMid meet" },
  });
  function report(result) {
    const pre = document.createElement("pre");
    pre.id = "frames";
    pre.textContent = JSON.stringify(result);
    document.body.appendChild(pre);
  }
  function draw() {
    const canvas = root.querySelector("canvas");
    if (!canvas) { report({ error: "lottie-web made no canvas" }); return; }
    const frames = {};
    for (const frame of input.frames) {
      animation.goToAndStop(frame, true);
      frames[frame] = canvas.toDataURL("image/png");
    }
    report({ frames: frames, version: lottie.version, canvas: [canvas.width, canvas.height] });
  }
  // Images (embedded or external) load asynchronously; a missing one counts as loaded.
  function whenImagesLoaded() {
    const preloader = animation.imagePreloader;
    if (preloader && typeof preloader.loadedImages === "function" && !preloader.loadedImages()) {
      setTimeout(whenImagesLoaded, 20);
      return;
    }
    draw();
  }
  animation.addEventListener("DOMLoaded", whenImagesLoaded);
})();
