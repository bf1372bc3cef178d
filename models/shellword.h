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
}
