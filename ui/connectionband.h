#pragma once

#include <QLabel>

struct ConnectionProfile;

// The band across the window that makes a production connection unmistakable: its name, where
// it goes and whether it is read-only, on its colour (red when it has none). Hidden for any
// other connection.
class ConnectionBand final : public QLabel
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConnectionBand)

public:
    explicit ConnectionBand(QWidget *parent = nullptr);

    // Nothing, or a connection that is not production: the band goes.
    void showConnection(const ConnectionProfile *profile, bool readOnly);
    // The colour a production connection without its own is shown in.
    static QColor defaultColor();
    // Black or white, whichever reads on background.
    static QColor textColorOn(const QColor &background);
};
