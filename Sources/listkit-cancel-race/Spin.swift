/// `count` turns of a loop the optimizer keeps: a few nanoseconds each.
func spin(_ count: Int) {
  var work = 0
  for step in 0..<count { work &+= step }
  withExtendedLifetime(work) {}
}
