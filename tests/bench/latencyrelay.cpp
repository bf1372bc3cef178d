#include "latencyrelay.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <sys/socket.h>
#include <unistd.h>

#include <condition_variable>
#include <deque>
#include <string>

namespace {
using Clock = std::chrono::steady_clock;

int loopbackSocket()
{
    const int fd = ::socket(AF_INET, SOCK_STREAM, 0);
    const int one = 1;
    ::setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
    return fd;
}

sockaddr_in loopback(quint16 port)
{
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_port = htons(port);
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    return a;
}
} // namespace

LatencyRelay::LatencyRelay(quint16 targetPort, std::chrono::microseconds oneWayDelay)
    : m_targetPort(targetPort)
    , m_delay(oneWayDelay)
{
    m_listen = ::socket(AF_INET, SOCK_STREAM, 0);
    sockaddr_in a = loopback(0);
    ::bind(m_listen, reinterpret_cast<sockaddr *>(&a), sizeof a);
    ::listen(m_listen, 16);
    socklen_t len = sizeof a;
    ::getsockname(m_listen, reinterpret_cast<sockaddr *>(&a), &len);
    m_port = ntohs(a.sin_port);
    m_acceptor = std::thread([this] { acceptLoop(); });
}

LatencyRelay::~LatencyRelay()
{
    m_stopping = true;
    ::shutdown(m_listen, SHUT_RDWR);
    ::close(m_listen);
    m_acceptor.join();
    {
        std::lock_guard lock(m_mutex);
        for (int fd : m_sockets)
            ::shutdown(fd, SHUT_RDWR);
    }
    for (std::thread &t : m_threads)
        t.join();
    for (int fd : m_sockets)
        ::close(fd);
}

void LatencyRelay::acceptLoop()
{
    while (!m_stopping) {
        const int client = ::accept(m_listen, nullptr, nullptr);
        if (client < 0)
            return;
        const int one = 1;
        ::setsockopt(client, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
        const int server = loopbackSocket();
        sockaddr_in a = loopback(m_targetPort);
        ::connect(server, reinterpret_cast<sockaddr *>(&a), sizeof a);
        std::lock_guard lock(m_mutex);
        m_sockets.push_back(client);
        m_sockets.push_back(server);
        m_threads.emplace_back([this, client, server] { pump(client, server); });
        m_threads.emplace_back([this, client, server] { pump(server, client); });
    }
}

// Reads as fast as data comes and writes each chunk once it has aged by the delay, so the
// link adds latency without limiting bandwidth.
void LatencyRelay::pump(int from, int to)
{
    struct Chunk
    {
        Clock::time_point due;
        std::string bytes;
    };
    std::deque<Chunk> queue;
    std::mutex mutex;
    std::condition_variable ready;
    bool closed = false;
    std::thread writer([&] {
        for (;;) {
            std::unique_lock lock(mutex);
            ready.wait(lock, [&] { return closed || !queue.empty(); });
            if (queue.empty())
                break;
            Chunk c = std::move(queue.front());
            queue.pop_front();
            lock.unlock();
            std::this_thread::sleep_until(c.due);
            for (size_t sent = 0; sent < c.bytes.size();) {
                const ssize_t n = ::write(to, c.bytes.data() + sent, c.bytes.size() - sent);
                if (n <= 0)
                    return;
                sent += size_t(n);
            }
        }
        ::shutdown(to, SHUT_WR);
    });
    char buffer[65536];
    for (;;) {
        const ssize_t n = ::read(from, buffer, sizeof buffer);
        if (n <= 0)
            break;
        std::lock_guard lock(mutex);
        queue.push_back({Clock::now() + m_delay, std::string(buffer, size_t(n))});
        ready.notify_one();
    }
    {
        std::lock_guard lock(mutex);
        closed = true;
        ready.notify_one();
    }
    writer.join();
}
