#include "adminservice.h"
#include "auditlog.h"
#include "clusterslot.h"
#include "dialectregistry.h"
#include "discoveryservice.h"
#include "lockevent.h"
#include "keyspacenotifications.h"
#include "lockeventservice.h"
#include "servertopology.h"
#include "session.h"
#include "sessionmanager.h"
#include "testcluster.h"
#include "watchedsession.h"
#include "watchservice.h"

#include <QJsonDocument>
#include <QFile>
#include <QJsonObject>
#include <QProcess>
#include <QScopeGuard>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QTimer>
#include <QTest>

#include <csignal>

// Locks on a real 3-master, 3-replica Redis Cluster: written by a cluster-aware client
// (python3-redis's RedisCluster), found by a parallel scan of every master, operated on in
// every shard, followed through a resharding and failovers, and lost in one.
class TestClusterLocks : public QObject
{
    Q_OBJECT

private:
    static constexpr int plainLocks = 300;
    static constexpr int pyLocks = 30;

    TestCluster m_cluster;
    DialectRegistry m_registry;
    QTemporaryDir m_dir;
    std::unique_ptr<AuditLog> m_audit;
    QSet<QByteArray> m_written; // the lock keys the cluster-aware client wrote

    // Runs a python3-redis script against the cluster; its stdout, or a failure.
    QByteArray python(const QString &script)
    {
        QProcess p;
        p.start(QStringLiteral(LOCKSCOPE_PYTHON), {QStringLiteral("-c"), script, QString::number(m_cluster.port(0))});
        if (!p.waitForFinished(60000) || p.exitCode() != 0) {
            qWarning().noquote() << "python:" << p.readAllStandardError();
            return QByteArray();
        }
        return p.readAllStandardOutput();
    }

    static QHash<QByteArray, LockInfo> collect(DiscoveryService &discovery, qsizetype *reported, DiscoveryProgress *progress)
    {
        QHash<QByteArray, LockInfo> found;
        QObject guard;
        QObject::connect(&discovery, &DiscoveryService::locksFound, &guard, [&](const QList<LockInfo> &locks) {
            for (const LockInfo &l : locks)
                found.insert(l.key(), l);
            *reported += locks.size();
        });
        QSignalSpy finished(&discovery, &DiscoveryService::finished);
        QSignalSpy failed(&discovery, &DiscoveryService::failed);
        discovery.start();
        if (!QTest::qWaitFor([&] { return !finished.isEmpty() || !failed.isEmpty(); }, 60000))
            qWarning("the scan did not end");
        if (!failed.isEmpty())
            qWarning().noquote() << "scan failed:" << failed.first().at(0).toString();
        if (!finished.isEmpty())
            *progress = finished.first().at(0).value<DiscoveryProgress>();
        return found;
    }

    std::unique_ptr<ServerTopology> openTopology(int seedNode)
    {
        auto t = std::make_unique<ServerTopology>(m_cluster.options(seedNode));
        QSignalSpy ready(t.get(), &RedisTopology::ready);
        t->open();
        if (!ready.wait(15000))
            qWarning("the topology did not become ready");
        return t;
    }

    QString nodeName(int node) const { return QStringLiteral("127.0.0.1:%1").arg(m_cluster.port(node)); }

    // The command line on the cluster, reached through node 0; its stdout.
    QByteArray lockscope(const QStringList &args, int *code, QByteArray *err = nullptr)
    {
        QProcess p;
        p.start(QStringLiteral(LOCKSCOPE_BINARY), args + QStringList{QStringLiteral("-p"), QString::number(m_cluster.port(0))});
        p.closeWriteChannel();
        if (!p.waitForFinished(30000))
            p.kill();
        *code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
        if (err)
            *err = p.readAllStandardError();
        return p.readAllStandardOutput();
    }

    // A key whose slot the given master serves.
    QByteArray keyOn(int master, const QByteArray &prefix)
    {
        for (int i = 0; i < 10000; ++i) {
            const QByteArray key = prefix + QByteArray::number(i);
            if (m_cluster.masterForSlot(ClusterSlot::forKey(key)) == master)
                return key;
        }
        return QByteArray();
    }

    // perMaster locks on each master of cluster, by master; empty if one could not be written.
    static QHash<int, QList<QByteArray>> lockEveryMaster(TestCluster &cluster, const QByteArray &prefix, int perMaster)
    {
        QHash<int, QList<QByteArray>> keys;
        const QList<int> masters = cluster.masters();
        for (int n = 0; keys.size() < masters.size() || std::any_of(keys.cbegin(), keys.cend(), [perMaster](const QList<QByteArray> &k) {
                            return k.size() < perMaster;
                        }); ++n) {
            const QByteArray key = prefix + QByteArray::number(n);
            const int owner = cluster.masterForSlot(ClusterSlot::forKey(key));
            if (keys.value(owner).size() >= perMaster)
                continue;
            if (!cluster.command(owner, {"SET", key, "t" + QByteArray::number(n), "PX", "600000"}).isStatus("OK"))
                return {};
            keys[owner] << key;
        }
        return keys;
    }

    ConnectionProfile profile() const
    {
        ConnectionProfile p;
        p.kind = ConnectionProfile::Kind::Cluster;
        p.host = QStringLiteral("127.0.0.1");
        p.port = m_cluster.port(0);
        return p;
    }

    std::unique_ptr<WatchedSession> watch()
    {
        auto w = std::make_unique<WatchedSession>(&m_registry, m_audit.get(), 500);
        if (!w->watch(profile(), plainLocks + pyLocks))
            qWarning("the watch did not see the locks");
        return w;
    }

private Q_SLOTS:
    void initTestCase()
    {
        QVERIFY2(!QByteArray(LOCKSCOPE_PYTHON).isEmpty(), "no python3 with the redis module (installer/install-deps.sh installs python3-redis)");
        QVERIFY2(m_cluster.start(), qPrintable(m_cluster.errorString()));
        m_audit = std::make_unique<AuditLog>(m_dir.filePath(QStringLiteral("audit.jsonl")));
        // A cluster-aware client writes the locks, wherever their slots are, and data that is not a lock.
        const QByteArray out = python(QStringLiteral(R"(
import sys
from redis.cluster import RedisCluster
rc = RedisCluster(host='127.0.0.1', port=int(sys.argv[1]))
for i in range(%1):
    rc.set('lock:order:%d' % i, 'token-%d' % i, px=600000)
for i in range(%2):
    lock = rc.lock('lock:py:%d' % i, timeout=600)
    assert lock.acquire(blocking=False)
    print('lock:py:%d' % i)
for i in range(500):
    rc.set('cache:item:%d' % i, 'x')
)").arg(plainLocks).arg(pyLocks));
        QCOMPARE(out.split('\n').size() - 1, pyLocks);
        for (int i = 0; i < plainLocks; ++i)
            m_written << "lock:order:" + QByteArray::number(i);
        for (int i = 0; i < pyLocks; ++i)
            m_written << "lock:py:" + QByteArray::number(i);
    }

    // Every master scanned, each with its own cursor: exactly the locks written, none twice,
    // each named with the master that holds it.
    void discoveryFindsExactlyTheLocksOfEveryShard()
    {
        auto t = openTopology(m_cluster.replicas().first()); // any node will do, a replica too
        DiscoveryService discovery(t.get(), &m_registry);
        DiscoveryOptions options;
        options.scanCount = 50; // many rounds per master
        discovery.setOptions(options);
        qsizetype reported = 0;
        DiscoveryProgress progress;
        const QHash<QByteArray, LockInfo> found = collect(discovery, &reported, &progress);
        QCOMPARE(QSet<QByteArray>(found.keyBegin(), found.keyEnd()), m_written);
        QCOMPARE(reported, qsizetype(m_written.size())); // none reported twice
        QCOMPARE(progress.nodes.size(), qsizetype(3));
        qint64 scanned = 0;
        for (const DiscoveryProgress::Node &n : progress.nodes) {
            QVERIFY2(n.keysScanned > 0 && n.done, qPrintable(n.name));
            scanned += n.keysScanned;
        }
        QCOMPARE(scanned, qint64(plainLocks + pyLocks + 500));
        for (const LockInfo &l : found) {
            const int owner = m_cluster.masterForSlot(ClusterSlot::forKey(l.key()));
            QCOMPARE(l.node(), nodeName(owner));
        }
        QCOMPARE(found.value("lock:py:0").dialect, QStringLiteral("redis-py"));
    }

    // A slot moved, keys and all, while the scan runs: every lock found once, none missed.
    void reshardingDuringTheScanMissesNothing()
    {
        // Enough keys that the walks are still under way when the slot moves.
        QVERIFY(!python(QStringLiteral(R"(
import sys
from redis.cluster import RedisCluster
rc = RedisCluster(host='127.0.0.1', port=int(sys.argv[1]))
pipe = rc.pipeline()
for i in range(30000):
    pipe.set('fill:%d' % i, 'x')
pipe.execute()
print('ok')
)")).isEmpty());
        auto t = openTopology(0);
        DiscoveryService discovery(t.get(), &m_registry);
        DiscoveryOptions options;
        options.scanCount = 1; // thousands of round trips per master: a walk long enough to move a slot in
        options.inspectBatch = 10;
        discovery.setOptions(options);
        // The slot with the most locks, and a master to move it to.
        QHash<int, int> perSlot;
        for (const QByteArray &key : std::as_const(m_written))
            ++perSlot[ClusterSlot::forKey(key)];
        const int slot = std::max_element(perSlot.cbegin(), perSlot.cend()).key();
        const int from = m_cluster.masterForSlot(slot);
        const int to = m_cluster.masters().at((m_cluster.masters().indexOf(from) + 1) % 3);

        QHash<QByteArray, int> sightings;
        QObject guard;
        connect(&discovery, &DiscoveryService::locksFound, &guard, [&](const QList<LockInfo> &locks) {
            for (const LockInfo &l : locks)
                ++sightings[l.key()];
        });
        bool moved = false;
        bool migrated = false;
        connect(&discovery, &DiscoveryService::progressChanged, &guard, [&](const DiscoveryProgress &p) {
            const bool walking = std::any_of(p.nodes.cbegin(), p.nodes.cend(), [](const DiscoveryProgress::Node &n) { return !n.done; });
            if (moved || p.keysScanned < 100 || !walking)
                return;
            moved = true; // half-way through the walks
            // From the event loop, not from inside the reply being handled: the fixture's
            // blocking calls spin a nested loop, which no code of LockScope's ever does.
            QTimer::singleShot(0, &guard, [&] { migrated = m_cluster.migrateSlot(slot, from, to); });
        });
        QSignalSpy finished(&discovery, &DiscoveryService::finished);
        QSignalSpy failed(&discovery, &DiscoveryService::failed);
        discovery.start();
        QVERIFY2(finished.wait(60000), failed.isEmpty() ? "the scan did not end" : qPrintable(failed.first().at(0).toString()));
        QVERIFY(moved && migrated);
        const DiscoveryProgress done = finished.first().at(0).value<DiscoveryProgress>();
        QCOMPARE(done.keysScanned >= 30000, true);
        QCOMPARE(QSet<QByteArray>(sightings.keyBegin(), sightings.keyEnd()), m_written);
        for (auto it = sightings.cbegin(); it != sightings.cend(); ++it)
            QVERIFY2(it.value() == 1, it.key().constData());
        QVERIFY(done.movedSlots >= 1);
        // Put it back for the tests that follow.
        QVERIFY(m_cluster.migrateSlot(slot, to, from));
    }

    // Acquire, extend and force-release in every shard, through the same scripts as on one
    // server, each run on the key's master; a Redisson lock's side keys share its hash tag.
    void adminActionsInEveryShard()
    {
        auto t = openTopology(0);
        AdminService admin(t.get(), &m_registry, m_audit.get());
        DiscoveryService discovery(t.get(), &m_registry);
        for (int master : m_cluster.masters()) {
            const QByteArray key = keyOn(master, "lock:admin:");
            QVERIFY(!key.isEmpty());
            std::optional<AdminResult> result;
            admin.execute(admin.planAcquire(key, "admin-token", 60000), nullptr, [&](const AdminResult &r) { result = r; });
            QTRY_VERIFY(result.has_value());
            QVERIFY2(result->ok(), qPrintable(result->message));
            QCOMPARE(m_cluster.command(master, {"GET", key}).bytes(), QByteArray("admin-token"));

            LockInfo seen;
            seen.sample.key = key;
            qsizetype reported = 0;
            DiscoveryProgress progress;
            QHash<QByteArray, LockInfo> found = collect(discovery, &reported, &progress);
            QVERIFY(found.contains(key));
            seen = found.value(key);
            QCOMPARE(seen.node(), nodeName(master));

            result.reset();
            admin.execute(admin.planExtend(seen, "admin-token", 120000), nullptr, [&](const AdminResult &r) { result = r; });
            QTRY_VERIFY(result.has_value());
            QVERIFY2(result->ok(), qPrintable(result->message));
            QVERIFY(m_cluster.command(master, {"PTTL", key}).integer() > 60000);

            result.reset();
            admin.execute(admin.planForceRelease(seen), nullptr, [&](const AdminResult &r) { result = r; });
            QTRY_VERIFY(result.has_value());
            QVERIFY2(result->ok(), qPrintable(result->message));
            QCOMPARE(m_cluster.command(master, {"EXISTS", key}).integer(), qint64(0));
            // The audit log names the master that ran it, not only the seed connected to.
            QFile audit(m_dir.filePath(QStringLiteral("audit.jsonl")));
            QVERIFY(audit.open(QIODevice::ReadOnly));
            const QJsonObject last = QJsonDocument::fromJson(audit.readAll().trimmed().split('\n').last()).object();
            QCOMPARE(last.value(QStringLiteral("key")).toString().toUtf8(), key);
            QCOMPARE(last.value(QStringLiteral("node")).toString(), nodeName(master));
        }

        // A Redisson lock: the hash and its unlock channel share {orderLock}'s slot.
        const QByteArray redisson = "{orderLock}";
        const int master = m_cluster.masterForSlot(ClusterSlot::forKey(redisson));
        std::optional<AdminResult> result;
        admin.execute(admin.planAcquire(redisson, QByteArray(), 60000, QStringLiteral("redisson-lock")), nullptr,
                      [&](const AdminResult &r) { result = r; });
        QTRY_VERIFY(result.has_value());
        QVERIFY2(result->ok(), qPrintable(result->message));
        QCOMPARE(m_cluster.command(master, {"TYPE", redisson}).bytes(), QByteArray("hash"));
        qsizetype reported = 0;
        DiscoveryProgress progress;
        const LockInfo seen = collect(discovery, &reported, &progress).value(redisson);
        QCOMPARE(seen.dialect, QStringLiteral("redisson-lock"));
        result.reset();
        admin.execute(admin.planForceRelease(seen), nullptr, [&](const AdminResult &r) { result = r; });
        QTRY_VERIFY(result.has_value());
        QVERIFY2(result->ok(), qPrintable(result->message));
        QCOMPARE(m_cluster.command(master, {"EXISTS", redisson}).integer(), qint64(0));
    }

    // An action on a key whose slot is half-way to another master: the source answers ASK,
    // the command follows it there once, and the lock is released where it now lives.
    void adminFollowsAsk()
    {
        auto t = openTopology(0);
        AdminService admin(t.get(), &m_registry, m_audit.get());
        const int from = m_cluster.masters().first();
        const int to = m_cluster.masters().at(1);
        const QByteArray key = keyOn(from, "lock:ask:");
        const int slot = ClusterSlot::forKey(key);
        QVERIFY(m_cluster.command(from, {"SET", key, "tok", "PX", "60000"}).isStatus("OK"));
        DiscoveryService discovery(t.get(), &m_registry);
        qsizetype reported = 0;
        DiscoveryProgress progress;
        const LockInfo seen = collect(discovery, &reported, &progress).value(key);
        QCOMPARE(seen.primaryToken(), QByteArray("tok"));
        QVERIFY(m_cluster.beginMigration(slot, from, to));
        QVERIFY(m_cluster.migrateKeys(slot, from, to) >= 1); // the key is on the target now
        QSignalSpy redirected(t.get(), &RedisTopology::redirected);
        std::optional<AdminResult> result;
        admin.execute(admin.planForceRelease(seen), nullptr, [&](const AdminResult &r) { result = r; });
        QTRY_VERIFY(result.has_value());
        QVERIFY2(result->ok(), qPrintable(result->message));
        QVERIFY(!redirected.isEmpty());
        // Done where the key lives now, and said so: the importing node, not the slot's owner.
        QCOMPARE(result->node, nodeName(to));
        QVERIFY(m_cluster.finishMigration(slot, from)); // back to where it was, now empty
        QCOMPARE(m_cluster.command(from, {"EXISTS", key}).integer(), qint64(0));
    }

    // The command line in a slot half-way to another master: an action refused before it is
    // sent names the node the lock was read on, and one done names the node that did it: the
    // importing node both times, never the slot's mapped owner.
    void commandLineNamesTheImportingNode()
    {
        const int from = m_cluster.masters().first();
        const int to = m_cluster.masters().at(1);
        const QByteArray key = keyOn(from, "lock:importing:");
        const int slot = ClusterSlot::forKey(key);
        QVERIFY(m_cluster.command(from, {"SET", key, "real", "PX", "60000"}).isStatus("OK"));
        QVERIFY(m_cluster.beginMigration(slot, from, to));
        QVERIFY(m_cluster.migrateKeys(slot, from, to) >= 1);
        const auto action = [this, &key](const QStringList &args, int *code) {
            QProcess p;
            p.start(QStringLiteral(LOCKSCOPE_BINARY), QStringList{args.first(), QString::fromUtf8(key)} + args.mid(1)
                                                          + QStringList{QStringLiteral("--yes"), QStringLiteral("--json"), QStringLiteral("-p"),
                                                                        QString::number(m_cluster.port(0))});
            p.closeWriteChannel();
            if (!p.waitForFinished(60000))
                p.kill();
            *code = p.exitCode();
            return QJsonDocument::fromJson(p.readAllStandardOutput().trimmed()).object();
        };
        int code = -1;
        QJsonObject r = action({QStringLiteral("extend"), QStringLiteral("--token"), QStringLiteral("wrong"), QStringLiteral("--ttl"),
                                QStringLiteral("10s")}, &code);
        QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("refused"));
        QCOMPARE(r.value(QStringLiteral("node")).toString(), nodeName(to));
        r = action({QStringLiteral("release"), QStringLiteral("--token"), QStringLiteral("real")}, &code);
        QCOMPARE(code, 0);
        QCOMPARE(r.value(QStringLiteral("result")).toString(), QStringLiteral("done"));
        QCOMPARE(r.value(QStringLiteral("node")).toString(), nodeName(to));
        QVERIFY(m_cluster.finishMigration(slot, from)); // back to where it was, now empty
        QCOMPARE(m_cluster.command(from, {"EXISTS", key}).integer(), qint64(0));
    }

    // The command line on a cluster, found out from one node (-c is accepted, not needed):
    // every lock with its master, and an admin action routed to the key's shard.
    void commandLineOnTheCluster()
    {
        QByteArray err;
        const auto lockscope = [this, &err](const QStringList &args, int *code) {
            QProcess p;
            p.start(QStringLiteral(LOCKSCOPE_BINARY), args + QStringList{QStringLiteral("-p"), QString::number(m_cluster.port(0))});
            p.closeWriteChannel();
            if (!p.waitForFinished(60000))
                p.kill();
            *code = p.exitCode();
            err = p.readAllStandardError();
            return p.readAllStandardOutput();
        };
        int code = -1;
        const QByteArray out = lockscope({QStringLiteral("scan"), QStringLiteral("--json")}, &code);
        QCOMPARE(code, 0);
        // A healthy cluster whose masters connect one after another is not "degraded".
        QVERIFY2(err.isEmpty(), err.constData());
        QHash<QByteArray, QString> nodes;
        for (const QByteArray &line : out.split('\n')) {
            if (line.isEmpty())
                continue;
            const QJsonObject o = QJsonDocument::fromJson(line).object();
            nodes.insert(o.value(QStringLiteral("key")).toString().toUtf8(), o.value(QStringLiteral("node")).toString());
        }
        QCOMPARE(QSet<QByteArray>(nodes.keyBegin(), nodes.keyEnd()), m_written);
        for (auto it = nodes.cbegin(); it != nodes.cend(); ++it)
            QCOMPARE(it.value(), nodeName(m_cluster.masterForSlot(ClusterSlot::forKey(it.key()))));

        const QByteArray key = "lock:order:7";
        const int owner = m_cluster.masterForSlot(ClusterSlot::forKey(key));
        // The text table names each lock's master, right after its key.
        const QList<QByteArray> table = lockscope({QStringLiteral("scan")}, &code).split('\n');
        QCOMPARE(code, 0);
        QVERIFY2(table.first().startsWith("KEY") && table.first().simplified().startsWith("KEY NODE"), table.first().constData());
        const auto row = std::find_if(table.cbegin(), table.cend(), [&key](const QByteArray &line) { return line.startsWith(key + ' '); });
        QVERIFY(row != table.cend());
        QVERIFY2(row->simplified().startsWith(key + ' ' + nodeName(owner).toUtf8() + ' '), row->constData());
        // The summary names the cluster, not the seed alone.
        QVERIFY2(err.contains("scanned on " + nodeName(0).toUtf8() + " (cluster: 3 masters, 3 replicas)"), err.constData());
        // A dry run names the master that would run it.
        const QByteArray dry = lockscope({QStringLiteral("release"), QString::fromUtf8(key), QStringLiteral("--token"),
                                          QStringLiteral("token-7"), QStringLiteral("--dry-run")}, &code);
        QCOMPARE(code, 0);
        QVERIFY2(dry.contains("would run on " + nodeName(0).toUtf8() + ", master " + nodeName(owner).toUtf8() + ":"), dry.constData());
        const QByteArray released = lockscope({QStringLiteral("release"), QString::fromUtf8(key), QStringLiteral("--token"),
                                               QStringLiteral("token-7"), QStringLiteral("--json"), QStringLiteral("-c")}, &code);
        QCOMPARE(code, 0);
        QVERIFY2(!err.contains("not every master"), err.constData());
        const QJsonObject result = QJsonDocument::fromJson(released.trimmed()).object();
        QCOMPARE(result.value(QStringLiteral("result")).toString(), QStringLiteral("done"));
        QCOMPARE(result.value(QStringLiteral("node")).toString(), nodeName(owner));
        QCOMPARE(m_cluster.command(owner, {"EXISTS", key}).integer(), qint64(0));
        // Put it back as it was for the watch tests.
        QVERIFY(m_cluster.command(owner, {"SET", key, "token-7", "PX", "600000"}).isStatus("OK"));
    }

    // ACL users that may not run CLUSTER or INFO. Without CLUSTER the masters cannot be found:
    // said at once (it waited for ever); without INFO the slot map still says it is a
    // cluster, and every shard is scanned (one shard was, as if it were the whole); without
    // both, what cannot be told is said.
    void usersWithoutClusterOrInfo()
    {
        for (int node = 0; node < m_cluster.nodeCount(); ++node)
            for (const char *rules : {"-cluster", "-info", "-cluster -info"}) {
                RedisCommand acl{"ACL", "SETUSER", QByteArray("no") + QByteArray(rules).replace(' ', "").replace('-', '_'), "on", ">pw", "~*",
                                 "&*", "+@all"};
                for (const QByteArray &rule : QByteArray(rules).split(' '))
                    acl << rule;
                QVERIFY(m_cluster.command(node, acl).isStatus("OK"));
            }
        const auto as = [](const QString &user) {
            return QStringList{QStringLiteral("--user"), user, QStringLiteral("-a"), QStringLiteral("pw"), QStringLiteral("--no-auth-warning")};
        };
        QByteArray err;
        int code = -1;
        QByteArray out = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--json")} + as(QStringLiteral("no_cluster")), &code, &err);
        QCOMPARE(code, 3);
        QVERIFY2(err.contains("refuses the cluster's slot map") && err.contains("NOPERM"), err.constData());
        lockscope(QStringList{QStringLiteral("acquire"), QStringLiteral("lock:acl:probe"), QStringLiteral("--ttl"), QStringLiteral("10s")}
                      + as(QStringLiteral("no_cluster")),
                  &code, &err);
        QCOMPARE(code, 3);
        QVERIFY2(err.contains("refuses the cluster's slot map"), err.constData());

        out = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--json")} + as(QStringLiteral("no_info")), &code, &err);
        QCOMPARE(code, 0);
        QSet<QByteArray> keys;
        for (const QByteArray &line : out.split('\n'))
            if (!line.isEmpty())
                keys.insert(QJsonDocument::fromJson(line).object().value(QStringLiteral("key")).toString().toUtf8());
        QCOMPARE(keys, m_written);

        out = lockscope(QStringList{QStringLiteral("scan"), QStringLiteral("--json")} + as(QStringLiteral("no_cluster_info")), &code, &err);
        QCOMPARE(code, 0); // what the seed serves was read whole; what cannot be told is said
        QVERIFY2(err.contains("cannot be told"), err.constData());
        QVERIFY(!out.isEmpty());
    }

    // Redisson on a cluster subscribes its waiters with SSUBSCRIBE (sharded pub/sub): they are
    // waiters, counted as such, and a force-release wakes them with SPUBLISH, which is all
    // they hear (they were counted as none, and slept out the lease).
    void shardedWaitersAreCountedAndWoken()
    {
        const int owner = m_cluster.masters().first();
        const QByteArray key = keyOn(owner, "shardLock");
        const QByteArray channel = "redisson_lock__channel:{" + key + '}';
        QVERIFY(m_cluster.command(owner, {"HSET", key, "8743c9c0-0795-4907-87fd-6c719a6b4586:57", "1"}).isInteger());
        QVERIFY(m_cluster.command(owner, {"PEXPIRE", key, "60000"}).isInteger());
        QProcess waiter;
        waiter.start(QStringLiteral("redis-cli"), {QStringLiteral("-p"), QString::number(m_cluster.port(owner)), QStringLiteral("ssubscribe"),
                                                   QString::fromLatin1(channel)});
        const auto stop = qScopeGuard([&waiter] {
            waiter.kill();
            waiter.waitForFinished();
        });
        QTRY_COMPARE(m_cluster.command(owner, {"PUBSUB", "SHARDNUMSUB", channel}).at(1).integer(), qint64(1));

        int code = -1;
        const QByteArray line = lockscope({QStringLiteral("scan"), QStringLiteral("--json"), QStringLiteral("--no-default-patterns"),
                                           QStringLiteral("--pattern"), QString::fromLatin1(key)},
                                          &code)
                                    .trimmed();
        QCOMPARE(code, 0);
        QCOMPARE(QJsonDocument::fromJson(line).object().value(QStringLiteral("waiters")).toInt(-1), 1);

        QByteArray err;
        lockscope({QStringLiteral("release"), QString::fromLatin1(key), QStringLiteral("--observed"), QStringLiteral("--yes")}, &code, &err);
        QVERIFY2(code == 0 && !err.contains("not woken"), err.constData());
        QCOMPARE(m_cluster.command(owner, {"EXISTS", key}).integer(), qint64(0));
        QByteArray heard;
        QTRY_VERIFY2((heard += waiter.readAllStandardOutput()).contains("smessage\n" + channel + "\n0"), heard.constData());
    }

    // Two masters of one cluster given as Redlock nodes: they reach the same servers, and
    // are said to be one cluster, not independent servers; the scan is incomplete (exit 3).
    void aClusterIsNotARedlockGroup()
    {
        const QList<int> masters = m_cluster.masters();
        QProcess p;
        p.start(QStringLiteral(LOCKSCOPE_BINARY), {QStringLiteral("scan"), QStringLiteral("--redlock"),
                                                   QStringLiteral("redis://127.0.0.1:%1,redis://127.0.0.1:%2")
                                                       .arg(m_cluster.port(masters.at(0)))
                                                       .arg(m_cluster.port(masters.at(1)))});
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(60000));
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(p.exitCode(), 3);
        QVERIFY2(err.contains("part of the same Redis Cluster as node 1") && !err.contains("the same server as"), err.constData());
    }

    // One master of three down and no replica to take over (a cluster that serves what it
    // still can): the command line scans and acts on the other two, names the master it could
    // not scan, and exits 3; an action on a key of the dead master is a connection error.
    // Killed, its port refuses at once; hung (SIGSTOP), it accepts and never answers, and
    // the command must not end (or crash) at its timeout while the others answer.
    void aMasterDownLeavesTheOthersToSee_data()
    {
        QTest::addColumn<bool>("hung");
        QTest::newRow("killed") << false;
        QTest::newRow("hung") << true;
    }

    void aMasterDownLeavesTheOthersToSee()
    {
        QFETCH(bool, hung);
        TestCluster cluster(3, 0);
        QVERIFY2(cluster.start(), qPrintable(cluster.errorString()));
        const QList<int> masters = cluster.masters();
        for (int m : masters)
            QVERIFY(cluster.command(m, {"CONFIG", "SET", "cluster-require-full-coverage", "no"}).isStatus("OK"));
        QHash<QByteArray, int> ownerOf;
        for (int i = 0; i < 30; ++i) {
            const QByteArray key = "lock:down:" + QByteArray::number(i);
            const int owner = cluster.masterForSlot(ClusterSlot::forKey(key));
            QVERIFY(cluster.command(owner, {"SET", key, "t" + QByteArray::number(i), "PX", "600000"}).isStatus("OK"));
            ownerOf.insert(key, owner);
        }
        const int dead = masters.last();
        const qint64 deadPid = cluster.pid(dead);
        if (hung)
            QCOMPARE(::kill(pid_t(deadPid), SIGSTOP), 0);
        else
            cluster.kill(dead);
        const auto resume = qScopeGuard([hung, deadPid] {
            if (hung)
                ::kill(pid_t(deadPid), SIGCONT);
        });
        const auto lockscope = [&cluster, &masters](const QStringList &args, int *code, QByteArray *err) {
            QProcess p;
            p.start(QStringLiteral(LOCKSCOPE_BINARY), args + QStringList{QStringLiteral("-p"), QString::number(cluster.port(masters.first())),
                                                                         QStringLiteral("--connect-timeout"), QStringLiteral("1000")});
            p.closeWriteChannel();
            if (!p.waitForFinished(60000))
                p.kill();
            *code = p.exitStatus() == QProcess::NormalExit ? p.exitCode() : -1;
            *err = p.readAllStandardError();
            return p.readAllStandardOutput();
        };
        int code = -1;
        QByteArray err;
        const QByteArray out = lockscope({QStringLiteral("scan"), QStringLiteral("--json")}, &code, &err);
        QCOMPARE(code, 3);
        QVERIFY2(err.contains("1 master(s) could not be scanned") && err.contains(QByteArray("127.0.0.1:") + QByteArray::number(cluster.port(dead))), err.constData());
        QSet<QByteArray> listed;
        for (const QByteArray &line : out.split('\n'))
            if (!line.isEmpty())
                listed.insert(QJsonDocument::fromJson(line).object().value(QStringLiteral("key")).toString().toUtf8());
        QSet<QByteArray> alive;
        for (auto it = ownerOf.cbegin(); it != ownerOf.cend(); ++it)
            if (it.value() != dead)
                alive.insert(it.key());
        QCOMPARE(listed, alive);

        const QByteArray live = *alive.cbegin();
        const QByteArray token = "t" + live.mid(live.lastIndexOf(':') + 1);
        lockscope({QStringLiteral("release"), QString::fromUtf8(live), QStringLiteral("--token"), QString::fromUtf8(token)}, &code, &err);
        QVERIFY2(code == 0, err.constData());
        // An action needs its own master only: there are no "other masters" to go on with.
        QVERIFY2(!err.contains("going on with the other masters"), err.constData());
        QCOMPARE(cluster.command(ownerOf.value(live), {"EXISTS", live}).integer(), qint64(0));
        const QByteArray gone = ownerOf.key(dead);
        lockscope({QStringLiteral("release"), QString::fromUtf8(gone), QStringLiteral("--token"), QStringLiteral("t")}, &code, &err);
        QCOMPARE(code, 3);
        // An acquire in the dead master's slot is not sent: a connection error too, not a refusal.
        lockscope({QStringLiteral("acquire"), QString::fromUtf8("{" + gone + "}:new"), QStringLiteral("--ttl"), QStringLiteral("10s")}, &code, &err);
        QVERIFY2(code == 3, err.constData());
    }

    // One master of three stops answering (SIGSTOP) under a watch: the session is degraded,
    // never stalled as a whole, so what the other masters hold stays there to act on (the
    // window keeps its actions), and the hung master's locks go stale, never released.
    void aHungMasterLeavesTheSessionServing()
    {
        TestCluster cluster(3, 0);
        QVERIFY2(cluster.start(), qPrintable(cluster.errorString()));
        const QList<int> masters = cluster.masters();
        for (int m : masters)
            QVERIFY(cluster.command(m, {"CONFIG", "SET", "cluster-require-full-coverage", "no"}).isStatus("OK"));
        QVERIFY(!lockEveryMaster(cluster, "lock:hang:", 3).isEmpty());
        ConnectionProfile p = profile();
        p.port = cluster.port(masters.first());
        WatchedSession w(&m_registry, m_audit.get(), 300);
        QVERIFY(w.watch(p, 9));
        Session *s = w.session();
        bool wasStalled = false;
        connect(s, &Session::stateChanged, s, [&wasStalled](Session::State state) { wasStalled = wasStalled || state == Session::State::Stalled; });
        const qint64 pid = cluster.pid(masters.last());
        QCOMPARE(::kill(pid_t(pid), SIGSTOP), 0);
        const auto resume = qScopeGuard([pid] { ::kill(pid_t(pid), SIGCONT); });
        QTRY_VERIFY_WITH_TIMEOUT(s->state() == Session::State::Degraded, 30000);
        QVERIFY(s->isServing());
        QTRY_COMPARE_WITH_TIMEOUT(w.live(), qsizetype(6), 30000);
        QVERIFY(!wasStalled);
        QVERIFY2(w.falseEvents().isEmpty(), qPrintable(w.falseEvents().join(QStringLiteral(", "))));
    }

    // The cluster is down (a master lost, full coverage required): the masters that answer
    // refuse every read with CLUSTERDOWN. The text scan says so, besides naming the master it
    // could not scan: its empty table is not "no locks".
    void aClusterDownSaysItsKeysWereNotRead()
    {
        TestCluster cluster(3, 0);
        QVERIFY2(cluster.start(), qPrintable(cluster.errorString()));
        QVERIFY(!lockEveryMaster(cluster, "lock:down:", 2).isEmpty());
        const QList<int> masters = cluster.masters();
        cluster.kill(masters.last());
        QTRY_VERIFY_WITH_TIMEOUT(cluster.command(masters.first(), {"CLUSTER", "INFO"}).bytes().contains("cluster_state:fail"), 20000);
        QProcess p;
        p.start(QStringLiteral(LOCKSCOPE_BINARY), {QStringLiteral("scan"), QStringLiteral("-p"), QString::number(cluster.port(masters.first())),
                                                   QStringLiteral("--connect-timeout"), QStringLiteral("1000")});
        p.closeWriteChannel();
        QVERIFY(p.waitForFinished(60000));
        const QByteArray err = p.readAllStandardError();
        QCOMPARE(p.exitCode(), 3);
        QVERIFY2(err.contains("1 master(s) could not be scanned") && err.contains("4 key(s) under the lock patterns could not be read")
                     && err.contains("CLUSTERDOWN"),
                 err.constData());
    }

    // A master with no replica crashes and comes back empty (no persistence) under a watch;
    // while it is away the cluster answers CLUSTERDOWN. Its locks are lost, never released:
    // the reads that failed meanwhile do not count as having read them since the restart.
    void aMasterThatRestartsEmptyLostItsLocks()
    {
        TestCluster cluster(3, 0);
        QVERIFY2(cluster.start(), qPrintable(cluster.errorString()));
        const QHash<int, QList<QByteArray>> keys = lockEveryMaster(cluster, "lock:crash:", 3);
        QVERIFY(!keys.isEmpty());
        ConnectionProfile p = profile();
        p.port = cluster.port(cluster.masters().first());
        WatchedSession w(&m_registry, m_audit.get(), 300);
        QVERIFY(w.watch(p, 9));
        const int crashed = cluster.masters().last();
        cluster.kill(crashed);
        QVERIFY(cluster.restart(crashed));
        for (const QByteArray &key : keys.value(crashed)) {
            QTRY_VERIFY_WITH_TIMEOUT(w.find(LockEventKind::Lost, QString::fromUtf8(key)), 30000);
            QCOMPARE(w.find(LockEventKind::Lost, QString::fromUtf8(key))->reason, QStringLiteral("server-restarted"));
        }
        const QSet<QByteArray> lost(keys.value(crashed).cbegin(), keys.value(crashed).cend());
        QVERIFY2(w.falseEvents(lost).isEmpty(), qPrintable(w.falseEvents(lost).join(QStringLiteral(", "))));
        for (const LockEvent &e : w.log())
            QVERIFY2(e.kind != LockEventKind::Released && e.kind != LockEventKind::Expired, e.key.constData());
    }

    // A slot moved while a watch listens to keyspace notifications: the del at the master it
    // leaves is a move, not a release; the lock is followed to its new master, no event.
    void aSlotMovedUnderAWatchIsNoEvent()
    {
        const QList<int> masters = m_cluster.masters();
        const QByteArray key = keyOn(masters.at(0), "lock:moving:");
        QVERIFY(m_cluster.command(masters.at(0), {"SET", key, "mover", "PX", "600000"}).isStatus("OK"));
        for (int m : masters)
            QVERIFY(m_cluster.command(m, {"CONFIG", "SET", "notify-keyspace-events", "KEA"}).isStatus("OK"));
        const auto quiet = qScopeGuard([this, masters] {
            for (int m : masters)
                m_cluster.command(m, {"CONFIG", "SET", "notify-keyspace-events", ""});
        });
        auto w = std::make_unique<WatchedSession>(&m_registry, m_audit.get(), 500);
        QVERIFY(w->watch(profile(), plainLocks + pyLocks + 1));
        QTRY_VERIFY_WITH_TIMEOUT(w->session()->watch()->locks().contains(key), 15000);
        const int slot = ClusterSlot::forKey(key);
        QVERIFY(m_cluster.migrateSlot(slot, masters.at(0), masters.at(1)));
        // Read at its new master: the del at the old one came before (MIGRATE's last step).
        QTRY_COMPARE_WITH_TIMEOUT(w->session()->watch()->locks().value(key).node(), nodeName(masters.at(1)), 20000);
        QVERIFY(!w->session()->watch()->locks().value(key).stale);
        QCOMPARE(w->falseEvents(), QStringList());
        QVERIFY(m_cluster.migrateSlot(slot, masters.at(1), masters.at(0))); // as it was, for the tests after
        QTRY_COMPARE_WITH_TIMEOUT(w->session()->watch()->locks().value(key).node(), nodeName(masters.at(0)), 20000);
        // A del that is a release is one still: the read finds nothing at the key's master.
        QCOMPARE(m_cluster.command(masters.at(0), {"DEL", key}).integer(), qint64(1));
        QTRY_VERIFY_WITH_TIMEOUT(w->find(LockEventKind::Released, QString::fromLatin1(key)), 15000);
        QCOMPARE(w->falseEvents({key}), QStringList());
    }

    // CLUSTER FAILOVER on a replica while a watch runs: the watch follows the promoted
    // node, records the failover, and reports no lock released, expired, handed over or lost.
    void watchFollowsAFailoverWithoutFalseEvents()
    {
        auto w = watch();
        QVERIFY(w->session());
        // Notifications are off on every master: the status names all three, once, with
        // the reason they share (it named only the first of them).
        const KeyspaceNotifications *notifications = w->session()->events()->notifier();
        QTRY_VERIFY_WITH_TIMEOUT(notifications->isSettled(), 10000);
        QStringList masterNames;
        for (int m : m_cluster.masters())
            masterNames << nodeName(m);
        masterNames.sort();
        const QString status = notifications->statusText();
        QVERIFY2(status.startsWith(QStringLiteral("keyspace notifications live on 0 of 3 masters; %1: keyspace notifications are off")
                                       .arg(masterNames.join(QStringLiteral(", ")))),
                 qPrintable(status));
        const int master = m_cluster.masterForSlot(ClusterSlot::forKey("lock:order:0"));
        int replica = -1;
        for (int r : m_cluster.replicas())
            if (m_cluster.masterOf(r) == master)
                replica = r;
        QVERIFY(replica >= 0);
        QVERIFY(m_cluster.failover(replica));
        QTRY_VERIFY_WITH_TIMEOUT(w->find(LockEventKind::Server, QStringLiteral("failover")), 20000);
        const auto failover = std::find_if(w->log().cbegin(), w->log().cend(),
                                           [](const LockEvent &e) { return e.isServerEvent() && e.reason == QLatin1String("failover"); });
        QCOMPARE(failover->node, nodeName(replica));
        QTRY_VERIFY_WITH_TIMEOUT(w->session()->watch()->locks().value("lock:order:0").node() == nodeName(replica), 20000);
        QTRY_COMPARE_WITH_TIMEOUT(w->live(), w->session()->watch()->locks().size(), 20000);
        // A few refreshes on the new master, in which nothing may be reported.
        QSignalSpy refreshed(w->session()->watch(), &WatchService::refreshed);
        QTRY_VERIFY_WITH_TIMEOUT(refreshed.size() >= 3, 20000);
        QCOMPARE(w->falseEvents(), QStringList());
        // The demoted master is seen as a replica once the slot map is read again, which a
        // slow run may not have done by its third refresh.
        QTRY_VERIFY2_WITH_TIMEOUT(w->session()->topologySummary().contains(QLatin1String("3 masters")),
                                  qPrintable(w->session()->topologySummary()), 20000);
    }

    // A lock written to a master whose replica has not got it yet, then a forced takeover by
    // that replica: the lock is gone from the new master, and the watch says it was lost in
    // the failover, naming both masters; it does not call it released.
    void aLockLostInAFailoverIsNamed()
    {
        auto w = watch();
        QVERIFY(w->session());
        // A shard that has not failed over yet in this run.
        const int failedOver = m_cluster.masterForSlot(ClusterSlot::forKey("lock:order:0"));
        int master = -1;
        for (int m : m_cluster.masters())
            if (m != failedOver)
                master = m;
        int replica = -1;
        for (int r : m_cluster.replicas())
            if (m_cluster.masterOf(r) == master)
                replica = r;
        QVERIFY(replica >= 0);
        const QByteArray key = keyOn(master, "lock:unreplicated:");
        QVERIFY(m_cluster.pauseReplication(replica, 40000)); // ends early below; long enough for a slow (sanitizer) build to look
        QVERIFY(m_cluster.command(master, {"SET", key, "held-by-a", "PX", "600000"}).isStatus("OK"));
        QTRY_VERIFY_WITH_TIMEOUT(w->session()->watch()->locks().contains(key), 20000);
        // Before anything fails over, the exposure shows: the replica lacks the lock.
        QTRY_VERIFY_WITH_TIMEOUT(w->session()->watch()->locks().value(key).warnings.contains(QStringLiteral("not-replicated")), 30000);
        QVERIFY(!w->session()->watch()->locks().value("lock:order:1").warnings.contains(QStringLiteral("not-replicated")));
        // TAKEOVER: the replica promotes itself without waiting to catch up. Its paused
        // stream from the old master is dropped with the link.
        QVERIFY(m_cluster.command(replica, {"CLUSTER", "FAILOVER", "TAKEOVER"}).isStatus("OK"));
        QTRY_VERIFY_WITH_TIMEOUT(m_cluster.command(replica, {"ROLE"}).at(0).bytes() == "master", 20000);
        QVERIFY(m_cluster.resumeReplication(replica));
        QVERIFY2(m_cluster.waitUntilHealthy(), qPrintable(m_cluster.errorString()));
        QTRY_VERIFY_WITH_TIMEOUT(w->find(LockEventKind::Lost, QString::fromLatin1(key)), 30000);
        const auto lost = std::find_if(w->log().cbegin(), w->log().cend(), [&](const LockEvent &e) { return e.kind == LockEventKind::Lost; });
        QCOMPARE(lost->key, key);
        QCOMPARE(lost->reason, QStringLiteral("failover"));
        QCOMPARE(lost->previousNode, nodeName(master));
        QCOMPARE(lost->node, nodeName(replica));
        QVERIFY(!w->find(LockEventKind::Released, QString::fromLatin1(key)));
        // Only that lock: every other one survived the takeover.
        QCOMPARE(w->falseEvents({key}), QStringList());
    }
};

QTEST_GUILESS_MAIN(TestClusterLocks)
#include "tst_clusterlocks.moc"
