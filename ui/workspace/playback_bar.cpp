#include "playback_bar.h"

#include "common/theme.h"
#include "playback.h"
#include "sim/explain.h"

#include <QAction>
#include <QBoxLayout>
#include <QComboBox>
#include <QLabel>
#include <QPainter>
#include <QSlider>
#include <QToolButton>

#include <climits>

namespace lockscope::ui {

namespace {

QString speedText(double speed)
{
    if (speed < 1)
        return PlaybackBar::tr("1/%1×").arg(qRound(1.0 / speed));
    return PlaybackBar::tr("%1×").arg(speed);
}

} // namespace

enum class PlaybackBar::Glyph : int { Start, Previous, Play, Pause, Next };

// Playback icons painted in the palette's text colour, so that they read in both palettes.
QIcon PlaybackBar::glyphIcon(Glyph glyph, const QColor &color)
{
    const int n = 44; // drawn large, scaled down crisply
    QPixmap pm(n, n);
    pm.fill(Qt::transparent);
    QPainter p(&pm);
    p.setRenderHint(QPainter::Antialiasing, true);
    p.setPen(Qt::NoPen);
    p.setBrush(color);
    auto triangle = [&](double x0, double x1) { // pointing from x0 to x1
        QPolygonF t;
        t << QPointF(x0, 8) << QPointF(x1, n / 2.0) << QPointF(x0, n - 8);
        p.drawPolygon(t);
    };
    switch (glyph) {
    case Glyph::Start:
        p.drawRect(QRectF(8, 8, 5, n - 16));
        triangle(n - 8, 14);
        break;
    case Glyph::Previous:
        triangle(n / 2.0, 4);
        triangle(n - 4, n / 2.0);
        break;
    case Glyph::Play:
        triangle(11, n - 7);
        break;
    case Glyph::Pause:
        p.drawRect(QRectF(10, 8, 9, n - 16));
        p.drawRect(QRectF(n - 19, 8, 9, n - 16));
        break;
    case Glyph::Next:
        triangle(4, n / 2.0);
        triangle(n / 2.0, n - 4);
        break;
    }
    return QIcon(pm);
}

PlaybackBar::PlaybackBar(Playback *playback, const Actions &actions, QWidget *parent)
    : QWidget(parent)
    , m_playback(playback)
{
    setObjectName(QStringLiteral("PlaybackBar"));
    auto *cl = new QHBoxLayout(this);
    cl->setContentsMargins(8, 6, 8, 6);
    cl->setSpacing(6);
    m_startButton = addButton(Glyph::Start, actions.start);
    m_prevButton = addButton(Glyph::Previous, actions.previous);
    m_playButton = addButton(Glyph::Play, actions.play);
    m_nextButton = addButton(Glyph::Next, actions.next);
    m_speedBox = new QComboBox;
    for (double s : Playback::speeds())
        m_speedBox->addItem(QString(), s); // texts: retranslate()
    m_speedBox->setCurrentIndex(m_speedBox->findData(1.0));
    connect(m_speedBox, &QComboBox::currentIndexChanged, this,
            [this] { m_playback->setSpeed(m_speedBox->currentData().toDouble()); });
    cl->addWidget(m_speedBox);
    m_slider = new QSlider(Qt::Horizontal);
    connect(m_slider, &QSlider::valueChanged, this,
            [this](int ms) { m_playback->seek(qint64(ms) * 1000); });
    cl->addWidget(m_slider, 1);
    m_timeLabel = new QLabel;
    m_timeLabel->setFont(QFont(QStringLiteral("DejaVu Sans Mono"), font().pointSize()));
    m_timeLabel->setMinimumWidth(QFontMetrics(m_timeLabel->font())
                                     .horizontalAdvance(QStringLiteral("0000.000 s / 0000.000 s")) +
                                 8);
    cl->addWidget(m_timeLabel);

    connect(m_playback, &Playback::playingChanged, this, &PlaybackBar::updatePlayButton);
    connect(m_playback, &Playback::speedChanged, this, [this](double speed) {
        const int i = m_speedBox->findData(speed);
        if (i >= 0)
            m_speedBox->setCurrentIndex(i);
    });
}

QToolButton *PlaybackBar::addButton(Glyph glyph, QAction *action)
{
    auto *b = new QToolButton;
    b->setProperty("glyph", int(glyph));
    m_glyphButtons.append(b);
    b->setAutoRaise(true);
    b->setIconSize(QSize(22, 22));
    connect(b, &QToolButton::clicked, action, &QAction::trigger);
    layout()->addWidget(b);
    return b;
}

void PlaybackBar::retranslate()
{
    m_startButton->setToolTip(tr("Go to the start (Home)"));
    m_prevButton->setToolTip(tr("Previous event (,)"));
    m_nextButton->setToolTip(tr("Next event (.)"));
    m_playButton->setToolTip(m_playback->isPlaying() ? tr("Pause (Space)") : tr("Play (Space)"));
    for (int i = 0; i < m_speedBox->count(); ++i)
        m_speedBox->setItemText(i, speedText(m_speedBox->itemData(i).toDouble()));
    m_speedBox->setToolTip(tr("Playback speed, in simulated time ([ and ] change it)"));
    m_slider->setToolTip(tr("Drag to any instant of the run"));
}

void PlaybackBar::updatePlayButton()
{
    const Glyph glyph = m_playback->isPlaying() ? Glyph::Pause : Glyph::Play;
    m_playButton->setProperty("glyph", int(glyph));
    m_playButton->setIcon(glyphIcon(glyph, m_glyphColor));
    m_playButton->setToolTip(m_playback->isPlaying() ? tr("Pause (Space)") : tr("Play (Space)"));
}

void PlaybackBar::applyTheme(const Theme &theme)
{
    m_glyphColor = theme.text;
    for (QToolButton *b : std::as_const(m_glyphButtons))
        b->setIcon(glyphIcon(Glyph(b->property("glyph").toInt()), m_glyphColor));
}

void PlaybackBar::setRunEnd(qint64 endUs)
{
    QSignalBlocker block(m_slider);
    m_slider->setRange(0, int(qMin<qint64>(endUs / 1000 + 1, INT_MAX)));
    m_slider->setPageStep(qMax(1, m_slider->maximum() / 20));
}

void PlaybackBar::showTime(qint64 timeUs)
{
    m_timeLabel->setText(tr("%1 / %2").arg(formatTime(timeUs), formatTime(m_playback->end())));
    QSignalBlocker block(m_slider);
    m_slider->setValue(int(timeUs / 1000));
}

} // namespace lockscope::ui
