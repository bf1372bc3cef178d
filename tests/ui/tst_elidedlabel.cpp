#include "elidedlabel.h"

#include <QTest>

// A line too long for its label is cut where asked, with the whole of it in the tooltip, and
// shown whole again once there is room.
class TestElidedLabel : public QObject
{
    Q_OBJECT

private Q_SLOTS:
    void cutToItsWidth_data()
    {
        QTest::addColumn<int>("mode");
        QTest::newRow("right") << int(Qt::ElideRight);
        QTest::newRow("middle") << int(Qt::ElideMiddle);
    }

    void cutToItsWidth()
    {
        QFETCH(int, mode);
        const QString text = QStringLiteral("keyspace notifications live on 0 of 3 masters; 127.0.0.1:7000, 127.0.0.1:7001: off");
        ElidedLabel label{Qt::TextElideMode(mode)};
        label.resize(120, 20);
        label.show();
        QVERIFY(QTest::qWaitForWindowExposed(&label));
        label.setFullText(text);
        QVERIFY(label.isCut());
        QVERIFY2(label.text().contains(QChar(0x2026)), qPrintable(label.text()));
        QVERIFY(label.fontMetrics().horizontalAdvance(label.text()) <= label.contentsRect().width());
        QCOMPARE(label.toolTip(), text);
        QCOMPARE(label.fullText(), text);
        if (mode == Qt::ElideMiddle) // both ends kept: a key's prefix and its distinguishing tail
            QVERIFY(label.text().startsWith(QLatin1String("key")) && label.text().endsWith(QLatin1String("off")));
        else
            QVERIFY(label.text().startsWith(QLatin1String("keyspace")) && label.text().endsWith(QChar(0x2026)));

        // Room again: whole, and no tooltip repeating it.
        label.resize(label.fontMetrics().horizontalAdvance(text) + 20, 20);
        QVERIFY(!label.isCut());
        QCOMPARE(label.text(), text);
        QVERIFY(label.toolTip().isEmpty());

        // The text never makes the label ask for its own length.
        QVERIFY(label.sizePolicy().horizontalPolicy() == QSizePolicy::Ignored);
    }
};

QTEST_MAIN(TestElidedLabel)
#include "tst_elidedlabel.moc"
