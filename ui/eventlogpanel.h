#pragma once

#include <QTimer>
#include <QWidget>

class LockEventFilterProxyModel;
class LockEventLog;
class QCheckBox;
class QLabel;
class QLineEdit;
class QTableView;
class QToolButton;

// The event log: every lock event as it happens, newest at the bottom (followed unless the
// user scrolls away), filtered by kind, key (substring or glob) and holder or token, and
// exported as CSV exactly as filtered. Double-click a row to select its lock.
class EventLogPanel final : public QWidget
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(EventLogPanel)

public:
    explicit EventLogPanel(QWidget *parent = nullptr);

    void setLog(LockEventLog *log);
    LockEventFilterProxyModel *proxy() const { return m_proxy; }
    QTableView *view() const { return m_view; }
    QLineEdit *keyFilter() const { return m_key; }
    QLineEdit *holderFilter() const { return m_holder; }
    QToolButton *kindButton() const { return m_kinds; }
    bool exportCsv(const QString &fileName) const;
    QString countText() const;

Q_SIGNALS:
    void lockActivated(const QByteArray &key);

private:
    void updateCount();
    void chooseExportFile();

    LockEventLog *m_log = nullptr;
    LockEventFilterProxyModel *m_proxy;
    QTableView *m_view;
    QToolButton *m_kinds;
    QLineEdit *m_key;
    QLineEdit *m_holder;
    QCheckBox *m_follow;
    QLabel *m_count;
    QTimer m_filterDebounce;
    QTimer m_countTimer;
    QTimer m_scrollTimer;
};
