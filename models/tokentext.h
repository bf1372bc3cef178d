#pragma once

#include <QByteArray>
#include <QString>

#include <optional>

// Tokens and keys are bytes. They are shown the way redis-cli shows them: printable ASCII as
// is, backslash and quote escaped, \n \r \t \a \b, and every other byte as \xNN.
class TokenText final
{
public:
    static QString escape(const QByteArray &bytes);
    // The same text as ASCII bytes, for output that is bytes anyway (JSON Lines).
    static QByteArray escapeBytes(const QByteArray &bytes);
    // The inverse, accepting what redis-cli accepts inside quotes. Fails only on a trailing
    // lone backslash, which redis-cli would also reject.
    static std::optional<QByteArray> unescape(const QString &text);
    static bool isPrintable(const QByteArray &bytes);
    // The value of one hex digit, -1 for any other character.
    static int hexDigit(char c);
};
