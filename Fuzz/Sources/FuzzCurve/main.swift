import FuzzDriver

runFuzzer(.curve)
