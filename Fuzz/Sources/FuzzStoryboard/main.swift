import FuzzDriver

runFuzzer(.storyboard)
