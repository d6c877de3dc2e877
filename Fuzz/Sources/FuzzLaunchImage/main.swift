import FuzzDriver

runFuzzer(.launchImage)
