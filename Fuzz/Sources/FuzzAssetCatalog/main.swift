import FuzzDriver

runFuzzer(.assetCatalog)
