package retryscope

// github.com/minio/minio-go/v7: every request of a Client is tried up to
// maxRetries times, waiting a fully jittered exponential time (200 ms
// doubling, capped at 1 s) in between. minio.New copies the package variable
// MaxRetry (10) into it, unless Options.MaxRetries is above 0. MaxRetry is
// a package variable: a store to it in the analysed package (minio.MaxRetry = 1)
// is read as a setting of every client; one made in another package is out
// of view.
func init() {
	registerClient(&library{
		read:        (*policyReader).minioGo,
		understands: []string{AspectInnerRetries, AspectAttempts, AspectGrowth, AspectJitter},
	}, "minio-go")
}

const minioDefault = 10 // minio.MaxRetry

func (r *policyReader) minioGo() {
	r.shape(ShapeExponential, nil)
	r.jitter(TriYes, nil)
	if mr := r.field(r.pkg, "Options", "MaxRetries"); len(mr) > 0 {
		if n, ok := ints(mr, 0); !ok || n > 0 {
			r.tries(mr, 0, false)
			return
		}
	}
	if mr := r.fn(r.pkg, "MaxRetry"); len(mr) > 0 {
		r.tries(mr, 0, false)
		return
	}
	r.defaults(minioDefault, false)
}
