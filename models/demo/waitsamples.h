#pragma once

#include <QtGlobal>

#include <vector>

// Wait times (ms) for percentiles. Keeps the most recent maxSamples, so a demo left running
// all day stays small; a short run keeps every sample and its percentiles are exact.
class WaitSamples final
{
public:
    static constexpr qsizetype maxSamples = 100'000;

    void add(double ms);
    void clear();
    qsizetype count() const { return qsizetype(m_values.size()); }
    // Nearest-rank percentile (p in 0..100) of the samples kept; 0 when there are none.
    double percentile(double p) const;
    double max() const;

private:
    std::vector<double> m_values;
    qsizetype m_next = 0; // where the next sample goes once the buffer is full
};
