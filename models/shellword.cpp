#include "shellword.h"

#include <QCoreApplication>
#include <QFileInfo>

#include <algorithm>

namespace ShellWord {

QString quoted(const QString &word)
{
    const auto plain = [](QChar c) {
        return (c >= QLatin1Char('a') && c <= QLatin1Char('z')) || (c >= QLatin1Char('A') && c <= QLatin1Char('Z'))
               || (c >= QLatin1Char('0') && c <= QLatin1Char('9')) || QStringLiteral("-_.,:/@%+=").contains(c);
    };
    if (!word.isEmpty() && std::all_of(word.cbegin(), word.cend(), plain))
        return word;
    QString out = word;
    out.replace(QLatin1Char('\''), QStringLiteral("'\\''"));
    return QLatin1Char('\'') + out + QLatin1Char('\'');
}

QString joined(const QStringList &words)
{
    QStringList out;
    out.reserve(words.size());
    for (const QString &w : words)
        out << quoted(w);
    return out.join(QLatin1Char(' '));
}

QString program()
{
    const QString name = QStringLiteral("lockscope");
    const QStringList arguments = QCoreApplication::arguments();
    const QString started = arguments.isEmpty() ? QString() : arguments.first();
    if (!started.contains(QLatin1Char('/')) || QFileInfo(started).fileName() != name)
        return name;
    return QCoreApplication::applicationFilePath();
}

} // namespace ShellWord
