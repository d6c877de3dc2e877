import FuzzDriver

runFuzzer(.vectorImage)
