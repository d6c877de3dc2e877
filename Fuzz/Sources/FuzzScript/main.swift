import FuzzDriver

runFuzzer(.script)
