import FuzzDriver

runFuzzer(.projectFile)
