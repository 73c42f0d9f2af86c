package fixedsleep

import "database/sql"

var db *sql.DB

// reach stands for a call whose answer is the other system's verdict: a
// statement the database may refuse for good (a constraint, a permission)
// or because it is overloaded. The attempts of the retries these cases are
// about are such calls. A stub without it would be an attempt that never
// leaves the process, or one that only connects (a dial, a name lookup),
// which the rule leaves alone (retryscope: Region.Remote, MayBeRefused).
func reach() { db.Exec("UPDATE jobs SET state = 'done'") }
