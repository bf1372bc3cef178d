#include "keypattern.h"

#include <cstring>

namespace {
char lower(char c)
{
    return (c >= 'A' && c <= 'Z') ? char(c + 32) : c;
}

bool isSpecial(char c)
{
    return c == '*' || c == '?' || c == '[' || c == '\\';
}

bool hasSpecial(const QByteArray &text)
{
    for (char c : text)
        if (isSpecial(c))
            return true;
    return false;
}

bool equalAt(const char *s, const QByteArray &literal, Qt::CaseSensitivity cs)
{
    if (cs == Qt::CaseSensitive)
        return std::memcmp(s, literal.constData(), size_t(literal.size())) == 0;
    for (qsizetype i = 0; i < literal.size(); ++i)
        if (lower(s[i]) != literal.at(i))
            return false;
    return true;
}
} // namespace

KeyPattern::KeyPattern(const QByteArray &glob, Qt::CaseSensitivity cs)
    : m_glob(glob)
    , m_cs(cs)
{
    const QByteArray inner = glob.size() >= 2 ? glob.mid(1, glob.size() - 2) : QByteArray();
    if (glob == "*") {
        m_shape = Shape::Everything;
    } else if (!hasSpecial(glob)) {
        m_shape = Shape::Literal;
        m_literal = glob;
    } else if (glob.endsWith('*') && !hasSpecial(glob.chopped(1))) {
        m_shape = Shape::Prefix;
        m_literal = glob.chopped(1);
    } else if (glob.startsWith('*') && !hasSpecial(glob.mid(1))) {
        m_shape = Shape::Suffix;
        m_literal = glob.mid(1);
    } else if (glob.size() > 2 && glob.startsWith('*') && glob.endsWith('*') && !hasSpecial(inner)) {
        m_shape = Shape::Infix;
        m_literal = inner;
    }
    if (m_cs == Qt::CaseInsensitive)
        m_literal = m_literal.toLower();
}

bool KeyPattern::matches(const char *key, qsizetype size) const
{
    const qsizetype n = m_literal.size();
    switch (m_shape) {
    case Shape::Everything:
        return true;
    case Shape::Literal:
        return size == n && equalAt(key, m_literal, m_cs);
    case Shape::Prefix:
        return size >= n && equalAt(key, m_literal, m_cs);
    case Shape::Suffix:
        return size >= n && equalAt(key + size - n, m_literal, m_cs);
    case Shape::Infix: {
        if (size < n)
            return false;
        const char first = m_literal.at(0);
        const char *last = key + size - n;
        if (m_cs == Qt::CaseSensitive) {
            // memchr finds the candidate starts at SIMD speed: most keys have none.
            for (const char *p = key; p <= last; ++p) {
                p = static_cast<const char *>(std::memchr(p, first, size_t(last - p + 1)));
                if (!p)
                    return false;
                if (std::memcmp(p, m_literal.constData(), size_t(n)) == 0)
                    return true;
            }
            return false;
        }
        // Folding a letter with | 0x20 is exact, and cheaper than lower() on every byte.
        const bool letter = first >= 'a' && first <= 'z';
        for (const char *p = key; p <= last; ++p) {
            const char c = letter ? char(*p | 0x20) : lower(*p);
            if (c == first && equalAt(p, m_literal, m_cs))
                return true;
        }
        return false;
    }
    case Shape::General:
        return globMatch(m_glob.constData(), m_glob.size(), key, size);
    }
    return false;
}

// Redis's glob semantics, matched iteratively: on a mismatch, retry from the last '*'
// one character further on. Linear for the patterns people write, never recursive.
bool KeyPattern::globMatch(const char *p, qsizetype plen, const char *s, qsizetype slen) const
{
    const bool nocase = m_cs == Qt::CaseInsensitive;
    auto same = [nocase](char a, char b) { return nocase ? lower(a) == lower(b) : a == b; };
    qsizetype pi = 0, si = 0;
    qsizetype starP = -1, starS = 0;
    while (si < slen) {
        if (pi < plen) {
            const char pc = p[pi];
            if (pc == '*') {
                while (pi < plen && p[pi] == '*')
                    ++pi;
                if (pi == plen)
                    return true;
                starP = pi;
                starS = si;
                continue;
            }
            if (pc == '?') {
                ++pi;
                ++si;
                continue;
            }
            if (pc == '[') {
                qsizetype q = pi + 1;
                const bool negate = q < plen && p[q] == '^';
                if (negate)
                    ++q;
                bool matched = false;
                while (q < plen && p[q] != ']') {
                    if (p[q] == '\\' && q + 1 < plen) {
                        ++q;
                        matched |= same(p[q], s[si]);
                    } else if (q + 2 < plen && p[q + 1] == '-') {
                        char lo = p[q], hi = p[q + 2], c = s[si];
                        if (lo > hi)
                            std::swap(lo, hi);
                        if (nocase) {
                            lo = lower(lo);
                            hi = lower(hi);
                            c = lower(c);
                        }
                        matched |= c >= lo && c <= hi;
                        q += 2;
                    } else {
                        matched |= same(p[q], s[si]);
                    }
                    ++q;
                }
                if (matched != negate) {
                    pi = q < plen ? q + 1 : q; // past ']' (an unterminated class ends the pattern)
                    ++si;
                    continue;
                }
            } else {
                char lit = pc;
                qsizetype next = pi + 1;
                if (pc == '\\' && pi + 1 < plen) {
                    lit = p[pi + 1];
                    next = pi + 2;
                }
                if (same(lit, s[si])) {
                    pi = next;
                    ++si;
                    continue;
                }
            }
        }
        if (starP < 0)
            return false;
        pi = starP;
        si = ++starS;
    }
    while (pi < plen && p[pi] == '*')
        ++pi;
    return pi == plen;
}

KeyPattern KeyPattern::parse(const QString &text)
{
    if (text.startsWith(QLatin1String("i:")))
        return KeyPattern(text.mid(2).toUtf8(), Qt::CaseInsensitive);
    return KeyPattern(text.toUtf8(), Qt::CaseSensitive);
}

QString KeyPattern::forKey(const QByteArray &key)
{
    const auto special = [](char32_t c) { return c == U'*' || c == U'?' || c == U'[' || c == U']' || c == U'\\'; };
    // One byte that is not printable ASCII: the closest a command line can say it.
    const QString unprintable = QStringLiteral("[^ -~]");
    QString glob;
    if (QUtf8StringView(key).isValidUtf8()) {
        for (const char32_t c : QStringView(QString::fromUtf8(key)).toUcs4()) {
            if (c < 0x20 || c == 0x7f)
                glob += unprintable;
            else
                glob += (special(c) ? QStringLiteral("\\") : QString()) + QString::fromUcs4(&c, 1);
        }
    } else {
        for (const char b : key) {
            const uchar c = uchar(b);
            if (c < 0x20 || c >= 0x7f)
                glob += unprintable;
            else
                glob += (special(c) ? QStringLiteral("\\") : QString()) + QLatin1Char(b);
        }
    }
    if (glob.startsWith(QLatin1String("i:")))
        glob.prepend(QLatin1Char('\\'));
    return glob;
}

QString KeyPattern::toString() const
{
    const QString glob = QString::fromUtf8(m_glob);
    return m_cs == Qt::CaseInsensitive ? QStringLiteral("i:") + glob : glob;
}
