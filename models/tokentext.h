#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

// Tokens and keys are bytes. They are shown much as redis-cli shows them: printable ASCII as
// is, backslash and quote escaped, \n \r \t \a \b, and every other byte as \xNN, except that
// a plainly visible character beyond ASCII in valid UTF-8 (中, é) is shown as itself. Anything
// invisible, or that changes how its neighbours show (a zero-width space, a no-break space, a
// combining mark), stays escaped, as do spaces at either end.
class TokenText final
{
public:
    static QString escape(const QByteArray &bytes);
    // The same text as UTF-8 bytes, for output that is bytes anyway (JSON Lines).
    static QByteArray escapeBytes(const QByteArray &bytes);
    // escape() in double quotes, for a message: a value too long to read in one (a 10 MB
    // token) keeps its start and end around "…" and says how many bytes it has.
    static QString quoted(const QByteArray &bytes);
    static constexpr qsizetype wholeUpTo = 192; // bytes quoted() shows whole
    // The inverse: text as typed (characters other than escapes become their UTF-8 bytes)
    // with the escapes escape() writes: \xNN, \n, \r, \t, \a, \b, \\ and \". Any other
    // backslash is refused rather than guessed at (redis-cli would turn "\xZZ" into "xZZ",
    // a different key): nothing, and *error says which escape and at which character.
    static std::optional<QByteArray> unescape(const QString &text, QString *error = nullptr);
    static bool isPrintable(const QByteArray &bytes);
    // The value of one hex digit, -1 for any other character.
    static int hexDigit(char c);
};
