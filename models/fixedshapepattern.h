#pragma once

#include <QByteArrayView>
#include <QList>
#include <QString>
#include <QStringList>

#include <array>
#include <optional>

// The token patterns most lock libraries' values follow, matched on bytes without a regular
// expression engine: characters, classes ([0-9a-f], [^:@], \d, .) and escapes, each repeated a
// fixed number of times ({12}), in groups or not. The end may vary: a class repeated with *
// as the very last item, and one optional group ((?:…)?) closing the pattern. Discovery
// classifies every lock it finds against every dialect; this spares each match a UTF-16 copy
// of the value and a PCRE call.
//
// A pattern of another shape (alternatives, lookarounds, other quantifiers, flags) does not
// compile: the caller keeps QRegularExpression for it.
class FixedShapePattern final
{
public:
    struct Capture
    {
        QString name;
        qsizetype start = -1; // -1: the group took no part in the match
        qsizetype length = 0;
    };

    // The pattern as QRegularExpression reads it, matched against whole values (anchored at
    // both ends; unlike $, the end is not also before a final newline: lock tokens have none).
    // Nothing when it is not of the shape above.
    static std::optional<FixedShapePattern> compile(const QString &pattern);

    // Whether value matches whole; captures, when given, receives the named groups in order.
    bool matches(QByteArrayView value, QList<Capture> *captures = nullptr) const;
    QStringList groupNames() const;

private:
    using ByteSet = std::array<quint64, 4>;
    struct Group
    {
        QString name;
        qsizetype first = 0; // the items it spans, [first, end)
        qsizetype end = 0;
    };
    class Parser;

    static bool has(const ByteSet &set, uchar c) { return ((set[c >> 6] >> (c & 63)) & 1) != 0; }
    // Whether item i takes byte c: a look-up in a table of the pattern's few distinct classes.
    bool takes(qsizetype i, uchar c) const { return ((m_classesOf[c] >> m_classIndex.at(i)) & 1) != 0; }
    void indexClasses();

    // One byte each, but for a last item repeated with * (m_star), which takes the rest.
    QList<ByteSet> m_items;
    // Each item's class among the distinct ones, and for each byte the classes (bits) taking it.
    QList<quint8> m_classIndex;
    std::array<quint64, 256> m_classesOf{};
    bool m_indexed = false; // at most 64 distinct classes: else each item's set is asked
    bool m_star = false;
    qsizetype m_optionalFrom = -1; // items from here on are the optional closing group's
    QList<Group> m_groups;         // named ones only
};
