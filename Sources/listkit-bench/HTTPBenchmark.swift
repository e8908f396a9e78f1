func runHTTPBenchmark() async {}
