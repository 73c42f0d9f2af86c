package nestedretry

import "net"

// reach stands for the network: a stub that calls it is a client of another
// system, as the attempts of the retries these cases are about are. A stub
// without it would be an attempt that never leaves the process, which the
// rule leaves alone (retryscope: Region.Remote).
func reach() { net.Dial("tcp", "service.internal:80") }
