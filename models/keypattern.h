#pragma once

#include <QByteArray>
#include <QList>
#include <QString>

// A Redis glob (as in SCAN MATCH / KEYS: * ? [abc] [^a-z] \x), matched on the client so one
// SCAN pass serves many patterns. Common shapes (prefix*, *infix*) take a fast path: discovery
// runs every key of the keyspace through these.
class KeyPattern final
{
public:
    KeyPattern() = default;
    explicit KeyPattern(const QByteArray &glob, Qt::CaseSensitivity cs = Qt::CaseSensitive);

    const QByteArray &glob() const { return m_glob; }
    Qt::CaseSensitivity caseSensitivity() const { return m_cs; }
    bool matches(const QByteArray &key) const { return matches(key.constData(), key.size()); }
    bool matches(const char *key, qsizetype size) const;
    // True when the pattern is usable as SCAN's own MATCH argument.
    bool isServerSide() const { return m_cs == Qt::CaseSensitive; }
    // "*text*": the text (lowercased when case-insensitive), else empty. KeyPatternSet looks
    // for many of them in one pass.
    QByteArray infix() const { return m_shape == Shape::Infix ? m_literal : QByteArray(); }
    // "text*": the text (lowercased when case-insensitive), else empty.
    QByteArray prefix() const { return m_shape == Shape::Prefix ? m_literal : QByteArray(); }

    // "*lock*" or "i:*lock*" (case-insensitive), the form used on the command line and in settings.
    static KeyPattern parse(const QString &text);
    // The text parse() reads as a glob that matches key: glob characters and backslashes
    // escaped, a leading "i:" too (it would mean "ignore case"), and each byte a command line
    // cannot carry (a control byte, a byte of invalid UTF-8) "[^ -~]": any byte that is not
    // printable ASCII. Keys that differ from key only in such bytes match it too.
    static QString forKey(const QByteArray &key);
    QString toString() const;

    bool operator==(const KeyPattern &other) const { return m_glob == other.m_glob && m_cs == other.m_cs; }

private:
    enum class Shape { Everything, Literal, Prefix, Suffix, Infix, General };
    bool globMatch(const char *pattern, qsizetype plen, const char *string, qsizetype slen) const;

    QByteArray m_glob;
    QByteArray m_literal; // the fixed part for the fast shapes, lowercased when case-insensitive
    Qt::CaseSensitivity m_cs = Qt::CaseSensitive;
    Shape m_shape = Shape::General;
};
