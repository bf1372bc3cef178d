#pragma once

#include <QString>
#include <QStringList>

// Words as a POSIX shell reads them back: a command LockScope suggests (how to look at a
// key again) can be pasted into a terminal whatever bytes the key or host holds.
namespace ShellWord {
// word as is when the shell leaves it alone, else in single quotes ('\'' for a quote).
QString quoted(const QString &word);
// The words quoted and joined by spaces.
QString joined(const QStringList &words);
// This program as a shell runs it again: "lockscope" when PATH found it, else the path it was
// started by, absolute, so that it holds from any directory. Other programs (tests) that
// suggest a command suggest the installed one. A word for joined(), unquoted.
QString program();
}
