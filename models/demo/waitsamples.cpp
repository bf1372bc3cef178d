#include "waitsamples.h"

#include <algorithm>
#include <cmath>

void WaitSamples::add(double ms)
{
    if (count() < maxSamples) {
        m_values.push_back(ms);
        return;
    }
    m_values[size_t(m_next)] = ms;
    m_next = (m_next + 1) % maxSamples;
}

void WaitSamples::clear()
{
    m_values.clear();
    m_next = 0;
}

double WaitSamples::percentile(double p) const
{
    if (m_values.empty())
        return 0;
    std::vector<double> sorted = m_values;
    const size_t n = sorted.size();
    const double rank = std::ceil(std::clamp(p, 0.0, 100.0) / 100.0 * double(n));
    const size_t index = size_t(std::clamp(rank, 1.0, double(n))) - 1;
    std::nth_element(sorted.begin(), sorted.begin() + qsizetype(index), sorted.end());
    return sorted[index];
}

double WaitSamples::max() const
{
    return m_values.empty() ? 0 : *std::max_element(m_values.begin(), m_values.end());
}
