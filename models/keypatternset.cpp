#include "keypatternset.h"

#include <QtAlgorithms>

#include <cstring>

namespace {
constexpr int maxInfixes = 32; // one bit each in the table; any more are matched one by one

char folded(char c)
{
    return (c >= 'A' && c <= 'Z') ? char(c + 32) : c;
}
} // namespace

KeyPatternSet::KeyPatternSet(const QList<KeyPattern> &patterns)
{
    for (const KeyPattern &p : patterns) {
        const QByteArray text = p.infix();
        if (text.isEmpty() || m_infixes.size() == maxInfixes) {
            m_others << p;
            continue;
        }
        const quint32 bit = 1u << m_infixes.size();
        const Infix infix{text, p.caseSensitivity() == Qt::CaseInsensitive};
        const uchar first = uchar(text.at(0));
        m_startsWith[first] |= bit;
        if (infix.folded && first >= 'a' && first <= 'z')
            m_startsWith[first - 32] |= bit;
        m_infixes << infix;
    }
}

bool KeyPatternSet::infixAt(const Infix &infix, const char *at) const
{
    if (!infix.folded)
        return std::memcmp(at, infix.text.constData(), size_t(infix.text.size())) == 0;
    for (qsizetype i = 0; i < infix.text.size(); ++i)
        if (folded(at[i]) != infix.text.at(i))
            return false;
    return true;
}

bool KeyPatternSet::matches(const QByteArray &key) const
{
    for (const KeyPattern &p : m_others)
        if (p.matches(key))
            return true;
    const char *s = key.constData();
    const qsizetype size = key.size();
    for (qsizetype at = 0; at < size; ++at) {
        for (quint32 bits = m_startsWith[uchar(s[at])]; bits != 0; bits &= bits - 1) {
            const Infix &infix = m_infixes.at(qCountTrailingZeroBits(bits));
            if (infix.text.size() <= size - at && infixAt(infix, s + at))
                return true;
        }
    }
    return false;
}
