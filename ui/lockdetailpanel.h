#pragma once

#include "lockinfo.h"

#include <QTimer>
#include <QWidget>

#include <optional>

class ElidedLabel;
class QLabel;
class QPlainTextEdit;
class QScrollArea;
class QPushButton;
class QTreeWidget;

// Everything known about the selected lock: dialect, state, live TTL, holders with their
// decoded fields, warnings explained, and the raw Redis value (bytes escaped as redis-cli
// shows them). Its buttons ask the main window to act; it never talks to Redis.
class LockDetailPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(LockDetailPanel)

public:
    explicit LockDetailPanel(QWidget *parent = nullptr);

    void showLock(const LockInfo &lock);
    void clear();
    const std::optional<LockInfo> &lock() const { return m_lock; }
    // Whether the buttons are usable, with the reason shown when not.
    void setActionState(bool extendEnabled, const QString &extendReason, bool releaseEnabled, const QString &releaseReason);
    // The holder chosen in the holders list (for multi-holder locks), or the only one.
    QByteArray selectedToken() const;

    static QString explainWarning(const QString &code);

Q_SIGNALS:
    void extendRequested();
    void forceReleaseRequested();

protected:
    void changeEvent(QEvent *event) override;
    void resizeEvent(QResizeEvent *event) override;

private:
    // Force release in the error colour of the palette in use (light or dark).
    void styleReleaseButton();
    void updateTtl();
    void fitHolders();
    void fitFacts();

    std::optional<LockInfo> m_lock;
    ElidedLabel *m_title;
    QLabel *m_dialect;
    QLabel *m_type;
    QLabel *m_node;
    QLabel *m_state;
    QLabel *m_ttl;
    QLabel *m_holds;
    QLabel *m_waiters;
    QLabel *m_details;
    QLabel *m_warnings;
    QTreeWidget *m_holders;
    QPlainTextEdit *m_raw;
    QWidget *m_facts = nullptr;
    QScrollArea *m_factsArea = nullptr;
    int m_leastFactsHeight = 0;
    QPushButton *m_extend;
    QPushButton *m_release;
    QTimer m_tick;
};
