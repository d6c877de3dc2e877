import FuzzDriver

runFuzzer(.launch)
