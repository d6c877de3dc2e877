import FuzzDriver

runFuzzer(.outline)
