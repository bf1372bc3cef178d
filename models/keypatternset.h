#pragma once

#include "keypattern.h"

#include <QList>

#include <array>
#include <vector>

// Many globs matched against one key at once. Discovery runs every key of the keyspace
// through the lock patterns, and most of them ("*lock*", "*semaphore*", ...) look for text
// anywhere in the key: those are found in one pass over the key, not one pass each, and a
// table of the pairs of bytes they can begin with passes over most places in a key at once.
// Prefixes ("mutex:*") are looked up by the key's first byte.
class KeyPatternSet final
{
public:
    KeyPatternSet() = default;
    explicit KeyPatternSet(const QList<KeyPattern> &patterns);

    // True when any of the patterns matches.
    bool matches(const QByteArray &key) const;

private:
    struct Fixed
    {
        QByteArray text; // lowercased when folded
        bool folded = false;
    };
    using ByteTable = std::array<quint32, 256>; // byte → the texts (bits) that can begin with it

    static bool add(QList<Fixed> &texts, ByteTable &table, const QByteArray &text, Qt::CaseSensitivity cs);
    static bool fixedAt(const Fixed &fixed, const char *at);

    QList<KeyPattern> m_others; // matched one by one: literals, suffixes, general globs
    QList<Fixed> m_infixes;
    ByteTable m_infixStarts{};
    std::vector<quint64> m_infixPairs; // bit (first | second << 8): an infix may begin there
    QList<Fixed> m_prefixes;
    ByteTable m_prefixStarts{};
};
