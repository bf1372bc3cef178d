#include "auditlog.h"
#include "dialectregistry.h"
#include "hostkeyquestion.h"
#include "redlockgroupmodel.h"
#include "redlockgroupview.h"
#include "testredis.h"
#include "testsshd.h"
#include "testwindow.h"

#include <QApplication>
#include <QPushButton>
#include <QTemporaryDir>
#include <QTest>

#include <memory>
#include <optional>

// The question about an unknown bastion key, as the operator meets it: on its own, and over
// a Redlock group's window whose nodes stand behind one bastion (a real sshd with throwaway
// keys in front of real redis-servers).
namespace {
constexpr int waitMs = 20000;
const QByteArray token = "fbe243bd8034c5406498dfe459014205";

QPushButton *button(QMessageBox *box, const QString &text)
{
    for (QAbstractButton *b : box->buttons())
        if (b->text() == text)
            return qobject_cast<QPushButton *>(b);
    return nullptr;
}

QList<HostKeyQuestion *> openQuestions()
{
    QList<HostKeyQuestion *> out;
    for (QWidget *w : QApplication::topLevelWidgets())
        if (auto *q = qobject_cast<HostKeyQuestion *>(w); q && q->isVisible())
            out << q;
    return out;
}
} // namespace

class TestHostKeyQuestion : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_home;

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY(m_home.isValid());
        QVERIFY(TestSshd::useHome(m_home.path()));
    }

    void answersAsClicked_data()
    {
        QTest::addColumn<QString>("click"); // a button's text, or empty for Escape
        QTest::addColumn<int>("answer");
        QTest::newRow("remember") << QStringLiteral("Trust and remember") << int(HostKeyQuestion::Answer::TrustAndRemember);
        QTest::newRow("once") << QStringLiteral("Trust this time") << int(HostKeyQuestion::Answer::TrustOnce);
        QTest::newRow("refuse") << QStringLiteral("Refuse") << int(HostKeyQuestion::Answer::Refuse);
        QTest::newRow("escape") << QString() << int(HostKeyQuestion::Answer::Refuse);
    }

    void answersAsClicked()
    {
        QFETCH(QString, click);
        QFETCH(int, answer);
        QWidget parent;
        parent.show();
        std::optional<HostKeyQuestion::Answer> given;
        int answers = 0;
        HostKeyQuestion *box = HostKeyQuestion::ask(QStringLiteral("ops@bastion:22"), QStringLiteral("SHA256:abc"), QStringLiteral("ED25519"),
                                                    &parent, [&](HostKeyQuestion::Answer a) {
                                                        given = a;
                                                        ++answers;
                                                    });
        QVERIFY(box->isVisible());
        QVERIFY(box->text().contains(QStringLiteral("ops@bastion:22")) && box->text().contains(QStringLiteral("SHA256:abc")));
        QCOMPARE(box->defaultButton(), button(box, QStringLiteral("Refuse"))); // Enter refuses
        if (click.isEmpty()) {
            QTest::keyClick(box, Qt::Key_Escape);
        } else {
            QPushButton *b = button(box, click);
            QVERIFY(b);
            b->click();
        }
        QTRY_VERIFY(given.has_value());
        QCOMPARE(int(*given), answer);
        QCOMPARE(answers, 1);
    }

    // A group opened from the connection manager whose nodes stand behind one unknown
    // bastion: one question over the group's window; trusted, the group is read through it.
    void aGroupBehindAnUnknownBastion()
    {
        TestRedis straight, behindA, behindB;
        QVERIFY(straight.start() && behindA.start() && behindB.start());
        TestSshd sshd;
        QVERIFY2(sshd.start(), qPrintable(sshd.log()));
        RedlockGroup group;
        group.name = QStringLiteral("payments");
        group.nodes << straight.profile();
        for (TestRedis *redis : {&behindA, &behindB}) {
            ConnectionProfile p = redis->profile();
            p.ssh.host = QStringLiteral("127.0.0.1");
            p.ssh.port = sshd.port();
            p.ssh.user = sshd.userName();
            p.ssh.keyFile = sshd.userKeyFile();
            group.nodes << p;
        }
        for (TestRedis *redis : {&straight, &behindA, &behindB})
            QVERIFY(redis->command({"SET", "locks:orders", token, "PX", "60000"}).isStatus("OK"));

        DialectRegistry registry;
        AuditLog audit(m_home.filePath(QStringLiteral("audit.log")));
        auto window = std::make_unique<TestWindow>(&registry, &audit);
        window->window.openRedlockGroup(group);
        QTRY_COMPARE_WITH_TIMEOUT(openQuestions().size(), 1, waitMs);
        HostKeyQuestion *question = openQuestions().first();
        QVERIFY(question->text().contains(sshd.hostKeyFingerprint()));
        auto *view = qobject_cast<RedlockGroupView *>(question->parentWidget());
        QVERIFY(view);
        QVERIFY(view->model()->rowOf("locks:orders") < 0); // nothing read before the answer
        button(question, QStringLiteral("Trust this time"))->click();

        QTRY_VERIFY_WITH_TIMEOUT(view->model()->rowOf("locks:orders") >= 0, waitMs);
        const int row = view->model()->rowOf("locks:orders");
        QCOMPARE(view->model()->index(row, RedlockGroupModel::StateColumn).data().toString(), QStringLiteral("held"));
        for (int node = 0; node < 3; ++node)
            QVERIFY(view->model()
                        ->index(row, RedlockGroupModel::FirstNodeColumn + node)
                        .data(Qt::ToolTipRole)
                        .toString()
                        .contains(QStringLiteral("holds token %1").arg(QString::fromLatin1(token))));
        QVERIFY(openQuestions().isEmpty()); // the second node behind the bastion was not asked about
        view->close();
    }
};

QTEST_MAIN(TestHostKeyQuestion)
#include "tst_hostkeyquestion.moc"
