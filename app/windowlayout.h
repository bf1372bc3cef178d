#pragma once

#include <QByteArray>

// How the user left the window: its geometry, the docks and toolbars (QMainWindow::saveState)
// and the lock table's header (column widths, order and sort). Opaque bytes Qt made and
// reads back; kept by SettingsStore between runs.
struct WindowLayout
{
    QByteArray geometry;
    QByteArray state;
    QByteArray lockTableHeader;

    bool isEmpty() const { return geometry.isEmpty() && state.isEmpty() && lockTableHeader.isEmpty(); }
};
