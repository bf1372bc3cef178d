#include "auditlog.h"
#include "dialectregistry.h"
#include "locktablemodel.h"
#include "mainwindow.h"
#include "profileeditordialog.h"
#include "profilestore.h"
#include "testredis.h"
#include "testwindow.h"

#include <QComboBox>
#include <QDialogButtonBox>
#include <QPushButton>
#include <QLineEdit>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTest>

using namespace Qt::StringLiterals;

// Locks → Dialect profiles: editing with a live try-out, import/export, and the window
// reading an in-house lock through the profile once it is saved.
class TestProfileEditorDialog : public QObject
{
    Q_OBJECT

private:
    QTemporaryDir m_dir;

    static void type(QLineEdit *edit, const QString &text)
    {
        edit->clear();
        QTest::keyClicks(edit, text); // as a user types: textEdited reaches the profile
    }

    static void save(ProfileEditorDialog *dialog)
    {
        dialog->findChild<QDialogButtonBox *>()->button(QDialogButtonBox::Save)->click();
    }

private Q_SLOTS:
    void editingTriesTheTokenLive()
    {
        ProfileEditorDialog dialog;
        dialog.show();
        QVERIFY(!dialog.nameEdit()->isEnabled()); // nothing to edit yet
        dialog.addProfile();
        QCOMPARE(dialog.profiles().size(), 1);
        type(dialog.nameEdit(), u"Billing lock"_s);
        type(dialog.globEdit(), u"billing:lock:*"_s);
        type(dialog.regexEdit(), u"(?<host>[a-z0-9-]+):(?<pid>\\d+)"_s);
        dialog.sampleEdit()->setText(u"web-1:4242"_s);
        QVERIFY2(dialog.sampleResult().contains(u"host: web-1"_s) && dialog.sampleResult().contains(u"pid: 4242"_s),
                 qPrintable(dialog.sampleResult()));
        dialog.sampleEdit()->setText(u"web-1"_s);
        QVERIFY(dialog.sampleResult().startsWith(u"No match"_s));

        // A broken regex is explained at once, and Save refuses it.
        type(dialog.regexEdit(), u"(?<host>[a-z"_s);
        QVERIFY(dialog.sampleResult().contains(u"invalid"_s));
        QSignalSpy submitted(&dialog, &ProfileEditorDialog::profilesSubmitted);
        save(&dialog);
        QCOMPARE(submitted.size(), 0);
        QVERIFY(dialog.errorText().contains(u"invalid"_s));

        type(dialog.regexEdit(), u"(?<host>[a-z0-9-]+):(?<pid>\\d+)"_s);
        save(&dialog);
        QCOMPARE(submitted.size(), 1);
        const QList<DialectProfile> sent = submitted.first().first().value<QList<DialectProfile>>();
        QCOMPARE(sent.size(), 1);
        QCOMPARE(sent.first().name, u"Billing lock"_s);
        QCOMPARE(sent.first().effectiveId(), u"profile-billing-lock"_s);
        // The window refused them: the dialog stays open with the reason.
        dialog.submissionResult(u"The dialect id is already taken"_s);
        QVERIFY(dialog.isVisible());
        QVERIFY(dialog.errorText().contains(u"taken"_s));
        dialog.submissionResult({});
        QVERIFY(!dialog.isVisible());
    }

    void exportsAndImports()
    {
        ProfileEditorDialog source;
        source.addProfile();
        type(source.nameEdit(), u"Jobs"_s);
        source.typeBox()->setCurrentIndex(source.typeBox()->findText(u"hash"_s));
        const QString file = m_dir.filePath(u"profiles.json"_s);
        QVERIFY(source.exportFile(file));

        ProfileEditorDialog target;
        target.addProfile();
        type(target.nameEdit(), u"Billing"_s);
        QVERIFY(target.importFile(file));
        QCOMPARE(target.profiles().size(), 2);
        QCOMPARE(target.profiles().at(1).name, u"Jobs"_s);
        QCOMPARE(target.profiles().at(1).type, RedisType::Hash);
        QCOMPARE(target.nameEdit()->text(), u"Jobs"_s); // the imported one is shown
        // Importing again replaces rather than duplicates.
        QVERIFY(target.importFile(file));
        QCOMPARE(target.profiles().size(), 2);
        QVERIFY(!target.importFile(m_dir.filePath(u"none.json"_s)));
        QVERIFY(target.errorText().contains(u"none.json"_s));
        QCOMPARE(target.profiles().size(), 2);

        target.selectProfile(0);
        target.removeSelected();
        QCOMPARE(target.profiles().size(), 1);
        QCOMPARE(target.profiles().first().name, u"Jobs"_s);
    }

    void windowReadsTheInHouseLockOnceSaved()
    {
        TestRedis redis;
        QVERIFY(redis.start());
        redis.command({"SET", "billing:lock:42", "web-1:4242", "PX", "60000"});
        redis.command({"HSET", "jobs:mutex:7", "worker-3:1", "1"});
        redis.command({"PEXPIRE", "jobs:mutex:7", "60000"});

        DialectRegistry registry;
        const AuditLog audit(m_dir.filePath(u"audit.log"_s));
        const ProfileStore store(m_dir.filePath(u"settings.ini"_s));
        TestWindow t(&registry, &audit);
        MainWindow &w = t.window;
        w.setProfileStore(&store);
        w.show();
        QVERIFY(t.connectTo(redis.profile()));
        QTRY_COMPARE(w.lockModel()->rowCount(), 1); // the hash is under no lock pattern yet
        const auto dialectOf = [&w](const QByteArray &key) {
            const int row = w.lockModel()->rowOf(key);
            return row < 0 ? QString() : w.lockModel()->index(row, LockTableModel::DialectColumn).data().toString();
        };
        QCOMPARE(dialectOf("billing:lock:42"), u"Plain token (SET NX PX)"_s);

        ProfileEditorDialog *editor = w.openProfileEditor();
        QVERIFY(editor->isVisible());
        QCOMPARE(w.openProfileEditor(), editor); // one editor at a time
        editor->addProfile();
        type(editor->nameEdit(), u"Billing lock"_s);
        type(editor->globEdit(), u"billing:lock:*"_s);
        type(editor->regexEdit(), u"(?<host>[a-z0-9-]+):(?<pid>\\d+)"_s);
        editor->addProfile();
        type(editor->nameEdit(), u"Job mutex"_s);
        type(editor->globEdit(), u"jobs:mutex:*"_s);
        editor->typeBox()->setCurrentIndex(editor->typeBox()->findText(u"hash"_s));
        type(editor->regexEdit(), u"(?<holder>worker-\\d+):(?<thread>\\d+)"_s);
        save(editor);
        QTRY_VERIFY(!editor->isVisible());

        QTRY_COMPARE_WITH_TIMEOUT(dialectOf("billing:lock:42"), u"Billing lock"_s, 10000);
        QTRY_COMPARE_WITH_TIMEOUT(dialectOf("jobs:mutex:7"), u"Job mutex"_s, 10000);
        const int row = w.lockModel()->rowOf("jobs:mutex:7");
        QVERIFY(w.lockModel()->index(row, LockTableModel::HolderColumn).data().toString().contains(u"worker-3"_s));

        // Saved: the next window start finds them.
        QString error;
        const std::optional<QList<DialectProfile>> saved = store.load(&error);
        QVERIFY2(saved, qPrintable(error));
        QCOMPARE(saved->size(), 2);
        QCOMPARE(registry.profiles(), *saved);
    }
};

QTEST_MAIN(TestProfileEditorDialog)
#include "tst_profileeditordialog.moc"
