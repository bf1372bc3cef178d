#include "auditlog.h"
#include "connectiondialog.h"
#include "democontroller.h"
#include "demopanel.h"
#include "dialectregistry.h"
#include "lockholder.h"
#include "lockinfo.h"
#include "mainwindow.h"
#include "testredis.h"
#include "testwindow.h"

#include <QAction>
#include <QHeaderView>
#include <QMenu>
#include <QMenuBar>
#include <QPushButton>
#include <QStandardItemModel>
#include <QStyleOptionButton>
#include <QStyleOptionToolButton>
#include <QTabBar>
#include <QTableView>
#include <QTemporaryDir>
#include <QTest>
#include <QToolBar>
#include <QToolButton>
#include <QTranslator>

// No text is clipped in Chinese: the window, the demo panel and the connection manager come
// up in zh_CN (the catalogue the build compiles into the binary, a CJK font), and every
// button, tool button, tab and header section that shows text is at least as wide as its text
// as the font measures it. The screenshots_zh_CN test shows the same window for the eye; this
// one measures it, so a longer translation that no longer fits fails the suite.
class TestTranslatedLayout : public QObject
{
    Q_OBJECT

private:
    TestRedis m_redis;
    QTemporaryDir m_dir;
    QTranslator m_translator;
    static inline int s_measured = 0; // texts measured, so that measuring nothing cannot pass

    static QString shown(QString text)
    {
        // "&Connect…" shows as "Connect…"; "&&" as "&".
        text.replace(QLatin1String("&&"), QStringLiteral("\x01"));
        text.remove(QLatin1Char('&'));
        text.replace(QLatin1Char('\x01'), QLatin1Char('&'));
        return text;
    }

    static QString where(const QWidget *w)
    {
        QStringList path;
        for (const QWidget *p = w; p; p = p->parentWidget())
            path.prepend(p->objectName().isEmpty() ? QString::fromLatin1(p->metaObject()->className()) : p->objectName());
        return path.join(QLatin1Char('/'));
    }

    static bool showing(const QWidget *w)
    {
        // (Not visibleRegion(): offscreen it stays empty for widgets that are plainly shown.)
        return w->isVisible() && w->width() > 0 && w->height() > 0;
    }

    // The width a button's text may take: its width less what the style draws around the
    // contents (frame, margins), less the icon and the gap beside it when it shows one.
    static void checkPushButton(QPushButton *b, QStringList *clipped)
    {
        const QString text = shown(b->text());
        if (text.isEmpty() || !showing(b))
            return;
        QStyleOptionButton option;
        option.initFrom(b);
        option.features = b->isDefault() ? QStyleOptionButton::DefaultButton : QStyleOptionButton::None;
        const QFontMetrics fm = b->fontMetrics();
        int chrome = b->style()->sizeFromContents(QStyle::CT_PushButton, &option, QSize(0, fm.height()), b).width();
        if (!b->icon().isNull())
            chrome += b->iconSize().width() + 4;
        ++s_measured;
        const int needed = fm.horizontalAdvance(text);
        if (needed > b->width() - chrome)
            *clipped << QStringLiteral("button \"%1\" (%2): text %3 px, room %4 px").arg(text, where(b)).arg(needed).arg(b->width() - chrome);
    }

    static void checkToolButton(QToolButton *b, QStringList *clipped)
    {
        const QString text = shown(b->text());
        if (text.isEmpty() || !showing(b) || b->toolButtonStyle() == Qt::ToolButtonIconOnly
            || (b->toolButtonStyle() == Qt::ToolButtonFollowStyle && !b->icon().isNull()))
            return;
        QStyleOptionToolButton option;
        option.initFrom(b);
        const QFontMetrics fm = b->fontMetrics();
        int chrome = b->style()->sizeFromContents(QStyle::CT_ToolButton, &option, QSize(0, fm.height()), b).width();
        if (b->toolButtonStyle() == Qt::ToolButtonTextBesideIcon && !b->icon().isNull())
            chrome += b->iconSize().width() + 4;
        if (b->popupMode() == QToolButton::MenuButtonPopup)
            chrome += b->style()->pixelMetric(QStyle::PM_MenuButtonIndicator, &option, b);
        ++s_measured;
        const int needed = fm.horizontalAdvance(text);
        if (needed > b->width() - chrome)
            *clipped << QStringLiteral("tool button \"%1\" (%2): text %3 px, room %4 px").arg(text, where(b)).arg(needed).arg(b->width() - chrome);
    }

    // A header section's text has the section less the style's margins on either side (as
    // the window sizes its columns: MainWindow::buildLayout).
    static void checkHeader(QHeaderView *h, QStringList *clipped)
    {
        if (!showing(h) || !h->model() || h->orientation() != Qt::Horizontal)
            return;
        const int margins = 2 * h->style()->pixelMetric(QStyle::PM_HeaderMargin, nullptr, h);
        const QFontMetrics fm = h->fontMetrics();
        for (int logical = 0; logical < h->count(); ++logical) {
            if (h->isSectionHidden(logical))
                continue;
            const QString text = h->model()->headerData(logical, Qt::Horizontal).toString();
            if (text.isEmpty())
                continue;
            ++s_measured;
            const int needed = fm.horizontalAdvance(text);
            const int room = h->sectionSize(logical) - margins;
            if (needed > room)
                *clipped << QStringLiteral("header \"%1\" (%2): text %3 px, room %4 px").arg(text, where(h)).arg(needed).arg(room);
        }
    }

    // A tab bar elides its tabs' text when they do not fit.
    static void checkTabBar(QTabBar *bar, QStringList *clipped)
    {
        if (!showing(bar))
            return;
        const QFontMetrics fm = bar->fontMetrics();
        for (int i = 0; i < bar->count(); ++i) {
            const QString text = shown(bar->tabText(i));
            if (text.isEmpty() || !bar->isTabVisible(i))
                continue;
            ++s_measured;
            const int needed = fm.horizontalAdvance(text);
            const int room = bar->tabRect(i).width() - 2 * bar->style()->pixelMetric(QStyle::PM_TabBarTabHSpace, nullptr, bar) / 2;
            if (needed > room)
                *clipped << QStringLiteral("tab \"%1\" (%2): text %3 px, room %4 px").arg(text, where(bar)).arg(needed).arg(room);
        }
    }

    // A toolbar too narrow for its actions moves the rest behind its extension button.
    static void checkToolBar(QToolBar *bar, QStringList *clipped)
    {
        if (!showing(bar))
            return;
        for (const QToolButton *b : bar->findChildren<QToolButton *>(QStringLiteral("qt_toolbar_ext_button")))
            if (b->isVisible())
                *clipped << QStringLiteral("toolbar %1: actions hidden behind its extension button").arg(where(bar));
    }

    static QStringList clippedIn(QWidget *top)
    {
        QStringList clipped;
        for (QToolBar *bar : top->findChildren<QToolBar *>())
            checkToolBar(bar, &clipped);
        for (QPushButton *b : top->findChildren<QPushButton *>())
            checkPushButton(b, &clipped);
        for (QToolButton *b : top->findChildren<QToolButton *>())
            if (b->objectName() != QLatin1String("qt_toolbar_ext_button"))
                checkToolButton(b, &clipped);
        for (QHeaderView *h : top->findChildren<QHeaderView *>())
            checkHeader(h, &clipped);
        for (QTabBar *bar : top->findChildren<QTabBar *>())
            checkTabBar(bar, &clipped);
        return clipped;
    }

    static QAction *demoAction(MainWindow &w)
    {
        for (QAction *menu : w.menuBar()->actions())
            if (menu->menu())
                for (QAction *a : menu->menu()->actions())
                    if (a->shortcut() == QKeySequence(Qt::CTRL | Qt::Key_D))
                        return a;
        return nullptr;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(m_translator.load(QStringLiteral(LOCKSCOPE_ZH_CN_QM)), LOCKSCOPE_ZH_CN_QM);
        QCoreApplication::installTranslator(&m_translator);
        QVERIFY(m_redis.start());
        m_redis.command({"SET", "lock:orders", "8743c9c0-0795-4907-87fd-6c719a6b4586", "PX", "60000"});
        m_redis.command({"HSET", "orderLock", "8743c9c0-0795-4907-87fd-6c719a6b4586:57", "2"});
        m_redis.command({"PEXPIRE", "orderLock", "30000"});
    }

    // Countdowns speak the language of the words around them: no "1m 30s（PTTL 90000 毫秒）".
    void unitsAreTranslated()
    {
        QCOMPARE(LockInfo::formatTtl(2500), QStringLiteral("2.5 秒"));
        QCOMPARE(LockInfo::formatTtl(90'000), QStringLiteral("1分30秒"));
        QCOMPARE(LockInfo::formatTtl(2 * 3'600'000 + 60'000), QStringLiteral("2小时01分"));
        QCOMPARE(LockInfo::formatTtl(-1), LockInfo::tr("no expiry"));
        QVERIFY(LockInfo::formatTtl(-1) != QLatin1String("no expiry"));
    }

    // The check's own control: what is too narrow is found.
    void findsClippedText()
    {
        QWidget top;
        top.resize(400, 300);
        auto *button = new QPushButton(QStringLiteral("强制释放全部持有者"), &top);
        button->setGeometry(10, 10, 40, 30);
        auto *tool = new QToolButton(&top);
        tool->setToolButtonStyle(Qt::ToolButtonTextOnly);
        tool->setText(QStringLiteral("取消扫描"));
        tool->setGeometry(10, 50, 20, 30);
        auto *view = new QTableView(&top);
        QStandardItemModel model(0, 2);
        model.setHorizontalHeaderLabels({QStringLiteral("重入次数"), QStringLiteral("键")});
        view->setModel(&model);
        view->setGeometry(10, 90, 300, 150);
        view->horizontalHeader()->resizeSection(0, 20);
        top.show();
        QVERIFY(QTest::qWaitForWindowExposed(&top));
        const QStringList clipped = clippedIn(&top);
        QVERIFY2(clipped.size() == 3, qPrintable(clipped.join(QLatin1Char(10))));
        QVERIFY(clipped.at(0).startsWith(QStringLiteral("button \"强制释放全部持有者\"")));
        QVERIFY(clipped.at(1).startsWith(QStringLiteral("tool button \"取消扫描\"")));
        QVERIFY(clipped.at(2).startsWith(QStringLiteral("header \"重入次数\"")));
    }

    // The size the manual's pictures are taken at (docs/screenshots.cmake).
    void mainWindowAndDemoPanel()
    {
        s_measured = 0;
        DialectRegistry registry;
        const AuditLog audit(m_dir.filePath(QStringLiteral("audit.log")));
        DemoController demos;
        TestWindow t(&registry, &audit);
        MainWindow &w = t.window;
        w.setDemoPanelFactory([&demos](QWidget *parent) { return new DemoPanel(&demos, parent); });
        w.resize(1400, 820);
        w.show();
        QVERIFY(QTest::qWaitForWindowExposed(&w));
        QVERIFY(t.connectTo(m_redis.profile()));
        QCOMPARE(w.findChild<QToolBar *>()->actions().first()->text(), QStringLiteral("连接(&C)…")); // Chinese indeed
        QCOMPARE(LockHolder::fieldLabel(QStringLiteral("client")), QStringLiteral("客户端")); // a holder's fields too
        QCOMPARE(LockHolder::fieldLabel(QStringLiteral("no-such-field")), QStringLiteral("no-such-field"));
        QStringList clipped = clippedIn(&w);

        QAction *demo = demoAction(w);
        QVERIFY(demo);
        demo->trigger();
        auto *panel = w.findChild<DemoPanel *>();
        QVERIFY(panel);
        // A dock tabbed with the live charts, at the size of the manual's demo picture.
        w.resize(1600, 1000);
        QTRY_VERIFY(panel->isVisible());
        QTest::qWait(200); // laid out and painted
        clipped << clippedIn(&w);
        clipped.removeDuplicates();
        QVERIFY2(s_measured > 40, qPrintable(QString::number(s_measured)));
        QVERIFY2(clipped.isEmpty(), qPrintable(QStringLiteral("clipped in zh_CN:\n  ") + clipped.join(QStringLiteral("\n  "))));
    }

    void connectionManager()
    {
        DialectRegistry registry;
        const AuditLog audit(m_dir.filePath(QStringLiteral("audit.log")));
        TestWindow t(&registry, &audit);
        t.window.resize(1400, 820);
        t.window.show();
        ConnectionDialog *dialog = t.window.openConnectionDialog();
        QVERIFY(dialog);
        QVERIFY(QTest::qWaitForWindowExposed(dialog));
        QTest::qWait(100);
        s_measured = 0;
        const QStringList clipped = clippedIn(dialog);
        QVERIFY2(s_measured > 5, qPrintable(QString::number(s_measured)));
        QVERIFY2(clipped.isEmpty(), qPrintable(QStringLiteral("clipped in zh_CN:\n  ") + clipped.join(QStringLiteral("\n  "))));
    }
};

QTEST_MAIN(TestTranslatedLayout)
#include "tst_translatedlayout.moc"
