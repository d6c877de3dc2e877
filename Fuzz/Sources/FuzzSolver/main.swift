import FuzzDriver

runFuzzer(.solver)
