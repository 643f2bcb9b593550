// render_icon: renders LockScope's SVG icon to the PNG sizes a desktop needs (hicolor 16..256),
// at build time, so the SVG stays the only source of the picture.
//   render_icon ICON.svg OUT_DIR SIZE...   writes OUT_DIR/<SIZE>/lockscope.png
#include <QDir>
#include <QImage>
#include <QPainter>
#include <QSvgRenderer>

#include <cstdio>

int main(int argc, char *argv[])
{
    if (argc < 4) {
        std::fputs("usage: render_icon ICON.svg OUT_DIR SIZE...\n", stderr);
        return 2;
    }
    // No QGuiApplication: painting shapes into a QImage needs no platform plugin and no screen,
    // so this runs on any build machine.
    const QString svg = QString::fromLocal8Bit(argv[1]);
    QSvgRenderer renderer(svg);
    if (!renderer.isValid()) {
        std::fprintf(stderr, "render_icon: %s is not a valid SVG file\n", argv[1]);
        return 1;
    }
    for (int i = 3; i < argc; ++i) {
        bool ok = false;
        const int size = QString::fromLocal8Bit(argv[i]).toInt(&ok);
        if (!ok || size < 8 || size > 1024) {
            std::fprintf(stderr, "render_icon: size \"%s\" must be a whole number from 8 to 1024\n",
                         argv[i]);
            return 2;
        }
        const QString dir =
            QString::fromLocal8Bit(argv[2]) + QLatin1Char('/') + QString::number(size);
        QImage image(size, size, QImage::Format_ARGB32_Premultiplied);
        image.fill(Qt::transparent);
        {
            QPainter painter(&image);
            painter.setRenderHints(QPainter::Antialiasing | QPainter::SmoothPixmapTransform);
            renderer.render(&painter, QRectF(0, 0, size, size));
        }
        const QString file = dir + QStringLiteral("/lockscope.png");
        if (!QDir().mkpath(dir) || !image.save(file, "PNG")) {
            std::fprintf(stderr, "render_icon: cannot write %s\n", qPrintable(file));
            return 1;
        }
    }
    return 0;
}
