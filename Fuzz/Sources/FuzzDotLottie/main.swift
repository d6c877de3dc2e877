import FuzzDriver

runFuzzer(.dotLottie)
