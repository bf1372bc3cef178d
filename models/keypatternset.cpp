#include "keypatternset.h"

#include <QtAlgorithms>

#include <cstring>

namespace {
constexpr int maxFixed = 32; // one bit each in a table; any more are matched one by one

char folded(char c)
{
    return (c >= 'A' && c <= 'Z') ? char(c + 32) : c;
}
} // namespace

KeyPatternSet::KeyPatternSet(const QList<KeyPattern> &patterns)
{
    for (const KeyPattern &p : patterns) {
        if (add(m_infixes, m_infixStarts, p.infix(), p.caseSensitivity()) || add(m_prefixes, m_prefixStarts, p.prefix(), p.caseSensitivity()))
            continue;
        m_others << p;
    }
    m_infixPairs.assign(65536 / 64, 0);
    const auto mark = [this](int first, int second) {
        const int pair = first | second << 8;
        m_infixPairs[size_t(pair >> 6)] |= quint64(1) << (pair & 63);
    };
    // Each byte an infix can begin with, and each it can go on with (any, for one byte long).
    const auto cases = [](char c, bool folded) {
        QList<int> out{uchar(c)};
        if (folded && c >= 'a' && c <= 'z')
            out << c - 32;
        return out;
    };
    for (const Fixed &infix : std::as_const(m_infixes)) {
        for (int first : cases(infix.text.at(0), infix.folded)) {
            if (infix.text.size() == 1) {
                for (int second = 0; second < 256; ++second)
                    mark(first, second);
                continue;
            }
            for (int second : cases(infix.text.at(1), infix.folded))
                mark(first, second);
        }
    }
}

// Files text under the bytes it may begin with; false when it is empty or the table is full.
bool KeyPatternSet::add(QList<Fixed> &texts, ByteTable &table, const QByteArray &text, Qt::CaseSensitivity cs)
{
    if (text.isEmpty() || texts.size() == maxFixed)
        return false;
    const quint32 bit = 1u << texts.size();
    const Fixed fixed{text, cs == Qt::CaseInsensitive};
    const uchar first = uchar(text.at(0));
    table[first] |= bit;
    if (fixed.folded && first >= 'a' && first <= 'z')
        table[first - 32] |= bit;
    texts << fixed;
    return true;
}

bool KeyPatternSet::fixedAt(const Fixed &fixed, const char *at)
{
    if (!fixed.folded)
        return std::memcmp(at, fixed.text.constData(), size_t(fixed.text.size())) == 0;
    for (qsizetype i = 0; i < fixed.text.size(); ++i)
        if (folded(at[i]) != fixed.text.at(i))
            return false;
    return true;
}

bool KeyPatternSet::matches(const QByteArray &key) const
{
    const char *s = key.constData();
    const qsizetype size = key.size();
    if (size > 0) {
        for (quint32 bits = m_prefixStarts[uchar(s[0])]; bits != 0; bits &= bits - 1) {
            const Fixed &prefix = m_prefixes.at(qCountTrailingZeroBits(bits));
            if (prefix.text.size() <= size && fixedAt(prefix, s))
                return true;
        }
    }
    const auto *bytes = reinterpret_cast<const uchar *>(s);
    for (qsizetype at = 0; at < size && !m_infixes.isEmpty(); ++at) {
        // Most places begin no infix's first two bytes: passed over with one look-up. The last
        // byte has no next one: one-byte infixes are looked for there below.
        if (at + 1 < size) {
            const int pair = bytes[at] | bytes[at + 1] << 8;
            if (((m_infixPairs[size_t(pair >> 6)] >> (pair & 63)) & 1) == 0)
                continue;
        }
        for (quint32 bits = m_infixStarts[bytes[at]]; bits != 0; bits &= bits - 1) {
            const Fixed &infix = m_infixes.at(qCountTrailingZeroBits(bits));
            if (infix.text.size() <= size - at && fixedAt(infix, s + at))
                return true;
        }
    }
    for (const KeyPattern &p : m_others)
        if (p.matches(key))
            return true;
    return false;
}
