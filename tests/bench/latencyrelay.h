#pragma once

#include <QtGlobal>

#include <atomic>
#include <chrono>
#include <mutex>
#include <thread>
#include <vector>

// A TCP relay on loopback that holds every chunk for a fixed one-way delay before passing it
// on, so benchmarks can measure what a LAN's round-trip time does to each approach (the
// kernel here has no netem). Blocking threads: benchmark code only.
class LatencyRelay final
{
public:
    LatencyRelay(quint16 targetPort, std::chrono::microseconds oneWayDelay);
    ~LatencyRelay();
    LatencyRelay(const LatencyRelay &) = delete;
    LatencyRelay &operator=(const LatencyRelay &) = delete;

    quint16 port() const { return m_port; }

private:
    void acceptLoop();
    void pump(int from, int to);

    quint16 m_targetPort;
    std::chrono::microseconds m_delay;
    int m_listen = -1;
    quint16 m_port = 0;
    std::atomic<bool> m_stopping{false};
    std::mutex m_mutex;
    std::vector<int> m_sockets;
    std::vector<std::thread> m_threads;
    std::thread m_acceptor;
};
