import FuzzDriver

runFuzzer(.lottie)
