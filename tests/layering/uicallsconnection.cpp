// Must not compile: ui talks to the session's connection directly.
#include "session.h"
bool probe(Session *s) { return s->topology()->isReady(); }
