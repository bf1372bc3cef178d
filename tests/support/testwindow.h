#pragma once

#include "mainwindow.h"
#include "sessionmanager.h"

#include <QSignalSpy>

// The window as main.cpp composes it: a SessionManager that outlives the MainWindow showing
// it. Members are destroyed in reverse order, so the window goes first.
struct TestWindow
{
    TestWindow(DialectRegistry *registry, const AuditLog *audit)
        : sessions(registry, audit)
        , window(&sessions, registry)
    {
    }

    // Connects to profile and waits for the first scan; false if it did not finish.
    bool connectTo(const ConnectionProfile &profile, int timeoutMs = 10000)
    {
        QSignalSpy scanned(&window, &MainWindow::scanFinished);
        sessions.connectTo(profile);
        return scanned.wait(timeoutMs);
    }

    SessionManager sessions;
    MainWindow window;
};
