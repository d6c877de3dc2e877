import FuzzDriver

runFuzzer(.timings)
