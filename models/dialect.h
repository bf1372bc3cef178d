#pragma once

#include "adminrecipe.h"
#include "keypattern.h"
#include "keysample.h"
#include "lockfingerprint.h"
#include "lockinfo.h"

#include <QString>

#include <limits>

// What an operator can do to a lock. Two release intents, told apart in every plan:
// ForceRelease frees the lock as observed, every holder the operator saw, guarded by all of
// it; ReleaseHolder removes one holder's hold of a shared lock (one reader, one permit) as
// that holder's own unlock would, and frees the lock only if nobody else holds it. On an
// exclusive lock the two are the same thing, so only ForceRelease exists there.
enum class AdminAction { Acquire, Extend, ForceRelease, ReleaseHolder };

struct ActionSupport
{
    bool enabled = true;
    QString reason; // why not, when disabled

    static ActionSupport yes() { return {}; }
    static ActionSupport no(const QString &why) { return {false, why}; }
};

// How one lock library lays its locks out in Redis. A dialect recognises a key from a
// KeySample alone (no I/O), decodes its holders, names the reads that reveal its waiters and
// the scripts (resources/lua/<id>/) that operate its locks the way the library itself does.
// The app layer runs what the dialect describes.
class Dialect
{
public:
    virtual ~Dialect() = default;

    // The stable id (--json, profiles, settings, --dialect) and the English name (--json's
    // "name"); people read localizedName(), the name in their language.
    virtual QString id() const = 0;
    virtual QString displayName() const = 0;
    QString localizedName() const;
    // One line for the README table and tooltips: which library writes this layout.
    virtual QString description() const { return displayName(); }

    // How sure this dialect is that the key is one of its locks (0 = not mine; higher wins).
    // On a non-zero answer, lock has been filled with holders and warnings; on 0 it is left
    // untouched (the registry offers the same blank LockInfo to one dialect after another).
    virtual int recognise(const KeySample &sample, LockInfo &lock) const = 0;
    // The most recognise() can ever return: dialects are asked in order of it, and one that
    // cannot beat the best score so far is not asked at all.
    virtual int maxScore() const { return std::numeric_limits<int>::max(); }

    // Globs of the keys the library writes next to its locks (queues, counters, latches):
    // attached to their lock rather than listed as locks themselves.
    virtual QList<KeyPattern> sideKeyPatterns() const;

    // Commands whose integer answers tell how many clients wait for this lock (PUBSUB NUMSUB
    // on its channel, a queue's LLEN). Empty where the library leaves no trace of waiters.
    virtual QList<QList<QByteArray>> waiterProbes(const LockInfo &lock) const;
    // Answers in probe order; -1 for a probe Redis refused.
    virtual void applyWaiterProbes(LockInfo &lock, const QList<qint64> &answers) const;
    // The probes counting a pub/sub channel's subscribers: with SUBSCRIBE, and with SSUBSCRIBE
    // (Redisson on a cluster uses sharded pub/sub). Their answers add up.
    static QList<QList<QByteArray>> subscriberProbes(const QByteArray &channel);

    // Whether several clients hold its locks at once (readers of a read-write lock, the permits
    // of a semaphore), so one of them can be released alone.
    virtual bool isShared() const { return false; }
    // Whether its extend sets the expiry of the whole key, which on a shared lock is every
    // holder's, rather than one holder's own lease.
    virtual bool extendSetsKeyExpiry() const { return true; }
    // What an action's guard compares: the whole lock, or one holder (and the facts about the
    // lock beside it) where the action touches only that holder.
    virtual LockFingerprint::Scope guardScope(AdminAction action) const;
    // The default offers everything but ReleaseHolder on exclusive locks.
    virtual ActionSupport support(AdminAction action) const;
    // The guarded script (or command) for an action on the lock as the operator saw it: guard
    // is what the script compares (passed as its ARGV[1]); token names the holder acted for.
    // For Acquire only observed.key() is used. The default deletes or extends any key exactly
    // as seen (the plain token pattern's compare-and-delete, generalised), with no side effects.
    virtual AdminRecipe recipe(AdminAction action, const LockInfo &observed, const LockFingerprint &guard,
                               const QByteArray &token, qint64 ttlMs) const;
    // A fresh token in the library's own format, for Acquire.
    virtual QByteArray newToken() const;
};
