#include "fixedshapepattern.h"

#include <algorithm>

namespace {
constexpr qsizetype maxItems = 1024; // longer than any token pattern; a runaway {n} is refused
} // namespace

// Reads the pattern once, left to right; any construct outside the supported shape ends the
// parse with failure.
class FixedShapePattern::Parser
{
public:
    explicit Parser(const QString &pattern)
        : m_p(pattern)
    {
    }

    std::optional<FixedShapePattern> run()
    {
        if (!sequence(0) || m_at != m_p.size())
            return std::nullopt;
        m_out.indexClasses();
        return std::move(m_out);
    }

private:
    static void add(ByteSet &set, uchar c) { set[c >> 6] |= quint64(1) << (c & 63); }
    static void addRange(ByteSet &set, uchar from, uchar to)
    {
        for (int c = from; c <= to; ++c)
            add(set, uchar(c));
    }

    bool atEnd() const { return m_at >= m_p.size(); }
    QChar peek(qsizetype ahead = 0) const { return m_at + ahead < m_p.size() ? m_p.at(m_at + ahead) : QChar(); }
    bool eat(QLatin1StringView text)
    {
        if (!QStringView(m_p).sliced(m_at).startsWith(text))
            return false;
        m_at += text.size();
        return true;
    }

    // Items until the end or a ')' closing the group at depth.
    bool sequence(int depth)
    {
        while (!atEnd() && peek() != QLatin1Char(')')) {
            if (m_out.m_star)
                return false; // only the very end may vary
            if (!item(depth))
                return false;
        }
        return depth > 0 || atEnd();
    }

    bool item(int depth)
    {
        if (peek() == QLatin1Char('('))
            return group(depth);
        ByteSet set{};
        if (!atom(set))
            return false;
        if (peek() == QLatin1Char('*')) {
            ++m_at;
            m_out.m_items << set;
            m_out.m_star = true;
            return true;
        }
        qsizetype count = 1;
        if (peek() == QLatin1Char('{') && !repeat(&count))
            return false;
        if (peek() == QLatin1Char('*') || peek() == QLatin1Char('+') || peek() == QLatin1Char('?') || peek() == QLatin1Char('{'))
            return false;
        if (m_out.m_items.size() + count > maxItems)
            return false;
        for (qsizetype i = 0; i < count; ++i)
            m_out.m_items << set;
        return true;
    }

    bool group(int depth)
    {
        const qsizetype first = m_out.m_items.size();
        QString name;
        if (eat(QLatin1StringView("(?<"))) {
            const qsizetype close = m_p.indexOf(QLatin1Char('>'), m_at);
            if (close < 0 || peek() == QLatin1Char('=') || peek() == QLatin1Char('!'))
                return false; // a lookbehind, or no name
            name = m_p.mid(m_at, close - m_at);
            m_at = close + 1;
        } else if (!eat(QLatin1StringView("(?:"))) {
            if (peek(1) == QLatin1Char('?'))
                return false; // a lookahead, flags or another extension
            ++m_at; // a plain capturing group: grouping only, unnamed
        }
        // Listed where they open, as QRegularExpression numbers them.
        const qsizetype index = m_out.m_groups.size();
        if (!name.isEmpty())
            m_out.m_groups << Group{name, first, first};
        if (!sequence(depth + 1) || !eat(QLatin1StringView(")")))
            return false;
        if (!name.isEmpty())
            m_out.m_groups[index].end = m_out.m_items.size();
        if (peek() == QLatin1Char('?')) {
            // The one optional group: it must close the pattern, with nothing optional before.
            ++m_at;
            if (depth > 0 || !atEnd() || m_out.m_optionalFrom >= 0 || first == m_out.m_items.size())
                return false;
            m_out.m_optionalFrom = first;
            return true;
        }
        return peek() != QLatin1Char('*') && peek() != QLatin1Char('+') && peek() != QLatin1Char('{');
    }

    bool repeat(qsizetype *count)
    {
        const qsizetype close = m_p.indexOf(QLatin1Char('}'), m_at);
        if (close < 0)
            return false;
        const QString digits = m_p.mid(m_at + 1, close - m_at - 1); // "{3,5}" is not a count
        if (digits.isEmpty() || digits.size() > 4 || !std::all_of(digits.cbegin(), digits.cend(), [](QChar d) { return d.isDigit() && d.unicode() < 0x80; }))
            return false;
        const qsizetype n = digits.toLongLong();
        if (n < 1 || n > maxItems)
            return false;
        *count = n;
        m_at = close + 1;
        return true;
    }

    bool atom(ByteSet &set)
    {
        const QChar c = peek();
        if (c == QLatin1Char('[')) {
            ++m_at;
            return bracket(set);
        }
        ++m_at;
        if (c == QLatin1Char('.')) {
            addRange(set, 0, 255);
            set['\n' >> 6] &= ~(quint64(1) << ('\n' & 63)); // as QRegularExpression: not a newline
            return true;
        }
        if (c == QLatin1Char('\\'))
            return escape(set);
        if (c.unicode() > 0x7e || c.unicode() < 0x20 || QStringLiteral("^$|?*+(){}]").contains(c))
            return false;
        add(set, uchar(c.unicode()));
        return true;
    }

    // After a backslash: \d, \w, \xHH, or an escaped punctuation character.
    bool escape(ByteSet &set)
    {
        if (atEnd())
            return false;
        const QChar c = m_p.at(m_at++);
        if (c == QLatin1Char('d')) {
            addRange(set, '0', '9');
        } else if (c == QLatin1Char('w')) {
            addRange(set, '0', '9');
            addRange(set, 'A', 'Z');
            addRange(set, 'a', 'z');
            add(set, '_');
        } else if (c == QLatin1Char('x')) {
            // Exactly two hex digits ("\x{…}" and "\x4" are read otherwise by PCRE).
            const auto hex = [](QChar h) { return h.isDigit() || (h.toLower() >= QLatin1Char('a') && h.toLower() <= QLatin1Char('f')); };
            if (m_at + 2 > m_p.size() || !hex(m_p.at(m_at)) || !hex(m_p.at(m_at + 1)) || m_p.at(m_at).unicode() > 0x7f
                || m_p.at(m_at + 1).unicode() > 0x7f)
                return false;
            add(set, uchar(m_p.mid(m_at, 2).toUInt(nullptr, 16)));
            m_at += 2;
        } else if (c.unicode() < 0x7f && !c.isLetterOrNumber() && c.unicode() > 0x20) {
            add(set, uchar(c.unicode()));
        } else {
            return false; // \s, \b, \1 and the rest: not this shape
        }
        return true;
    }

    // After '[': members up to ']', ranges and escapes among them; '^' first negates.
    bool bracket(ByteSet &set)
    {
        const bool negate = peek() == QLatin1Char('^');
        if (negate)
            ++m_at;
        ByteSet members{};
        bool any = false;
        while (!atEnd() && peek() != QLatin1Char(']')) {
            ByteSet one{};
            uchar low = 0;
            if (peek() == QLatin1Char('\\')) {
                ++m_at;
                if (!escape(one) || (peek() == QLatin1Char('-') && peek(1) != QLatin1Char(']')))
                    return false; // a range from an escape: not read here
            } else if (peek() == QLatin1Char('[') || peek().unicode() > 0x7e || peek().unicode() < 0x20) {
                return false; // POSIX classes, non-ASCII
            } else {
                low = uchar(peek().unicode());
                ++m_at;
                if (peek() == QLatin1Char('-') && peek(1) != QLatin1Char(']') && !peek(1).isNull()) {
                    const QChar high = peek(1);
                    if (high == QLatin1Char('\\') || high.unicode() > 0x7e || high.unicode() < low)
                        return false;
                    m_at += 2;
                    addRange(one, low, uchar(high.unicode()));
                } else {
                    add(one, low);
                }
            }
            for (int i = 0; i < 4; ++i)
                members[i] |= one[i];
            any = true;
        }
        if (atEnd() || !any)
            return false;
        ++m_at; // ']'
        for (int i = 0; i < 4; ++i)
            set[i] = negate ? ~members[i] : members[i]; // as PCRE: a newline too, unless listed
        return true;
    }

    const QString &m_p;
    qsizetype m_at = 0;
    FixedShapePattern m_out;
};

void FixedShapePattern::indexClasses()
{
    QList<ByteSet> distinct;
    for (const ByteSet &item : std::as_const(m_items)) {
        qsizetype index = distinct.indexOf(item);
        if (index < 0) {
            if (distinct.size() == 64)
                return; // not indexed: matches() asks each item's own set
            index = distinct.size();
            distinct << item;
        }
        m_classIndex << quint8(index);
    }
    for (int c = 0; c < 256; ++c)
        for (qsizetype k = 0; k < distinct.size(); ++k)
            if (has(distinct.at(k), uchar(c)))
                m_classesOf[c] |= quint64(1) << k;
    m_indexed = true;
}

std::optional<FixedShapePattern> FixedShapePattern::compile(const QString &pattern)
{
    return Parser(pattern).run();
}

QStringList FixedShapePattern::groupNames() const
{
    QStringList names;
    for (const Group &g : m_groups)
        names << g.name;
    return names;
}

bool FixedShapePattern::matches(QByteArrayView value, QList<Capture> *captures) const
{
    const qsizetype size = value.size();
    // Items before the star take one byte each; the star, always last, takes the rest.
    const qsizetype single = m_items.size() - (m_star ? 1 : 0);
    // The optional closing group is left out exactly when the value ends where it would begin,
    // unless all it holds is a star, which takes nothing there (as PCRE, greedy, takes it).
    const bool optionalLeftOut = m_optionalFrom >= 0 && size == m_optionalFrom && single > m_optionalFrom;
    const qsizetype checked = optionalLeftOut ? m_optionalFrom : single;
    const bool starTaken = m_star && !optionalLeftOut;
    if (starTaken ? size < checked : size != checked)
        return false;
    const auto *bytes = reinterpret_cast<const uchar *>(value.data());
    if (m_indexed) {
        for (qsizetype i = 0; i < checked; ++i)
            if (!takes(i, bytes[i]))
                return false;
    } else {
        for (qsizetype i = 0; i < checked; ++i)
            if (!has(m_items.at(i), bytes[i]))
                return false;
    }
    if (starTaken) {
        const ByteSet &star = m_items.last();
        for (qsizetype i = checked; i < size; ++i)
            if (!has(star, bytes[i]))
                return false;
    }
    if (captures) {
        captures->clear();
        for (const Group &g : m_groups) {
            Capture c{g.name, -1, 0};
            if (!optionalLeftOut || g.first < m_optionalFrom) {
                c.start = g.first;
                c.length = (starTaken && g.end == m_items.size() ? size : g.end) - g.first;
            }
            captures->append(c);
        }
    }
    return true;
}
