// Appended to a copy of the `export css --html` page by parity.py: pauses every animation of the
// document, sets each one's currentTime to t (the Web Animations timeline counts from the splash's
// start, each animation's delay being its begin), and reads the animated properties of every
// element with an id through getComputedStyle, at 60 Hz until the last animation ends. The
// samples replace the page's body, for `chromium --dump-dom`.
(function () {
  const animations = document.getAnimations();
  let end = 0;
  for (const a of animations) { a.pause(); end = Math.max(end, a.effect.getComputedTiming().endTime); }
  const ids = ["splash", "logo", "text", "backdrop", "backdropText", "feed", "hole", "holeLogo", "dim", "panel"];
  const elements = ids.map(id => [id, document.getElementById(id)]);
  const samples = [];
  const last = Math.ceil(end / 1000 * 60) + 2;
  for (let k = 0; k <= last; k++) {
    const t = k / 60;
    for (const a of animations) a.currentTime = t * 1000;
    const sample = { t: t, elements: {} };
    for (const [id, el] of elements) {
      if (!el) continue;
      const s = getComputedStyle(el);
      sample.elements[id] = { scale: s.scale, rotate: s.rotate, translate: s.translate, opacity: s.opacity,
                              left: s.left, top: s.top, width: s.width, height: s.height, x: s.x, y: s.y };
    }
    samples.push(sample);
  }
  const out = { animations: animations.map(a => ({ name: a.animationName, target: a.effect.target.id,
                                                   endTime: a.effect.getComputedTiming().endTime })),
                reducedMotion: matchMedia("(prefers-reduced-motion: reduce)").matches,
                viewport: [innerWidth, innerHeight], samples: samples };
  document.body.innerHTML = "";
  const pre = document.createElement("pre");
  pre.id = "samples";
  pre.textContent = JSON.stringify(out);
  document.body.appendChild(pre);
})();
