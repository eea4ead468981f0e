import LaminaHost
/// The HTML report of a run (`--report DIR`): a static folder — `index.html` and the images it
/// shows under `frames/` — that a CI job can keep as an artifact and anyone can open from disk.
///
/// The page lists every frame (passed, failed, new) with its differing-pixel count and worst
/// channel difference; each failure shows expected, actual and diff side by side, and a
/// comparison of expected and actual with a slider (actual to the left of it) and a blink
/// toggle. Element classes and `data-` attributes are stable: tests read the page through them.
struct HTMLReport {
    let directory: URL
    let tolerance: Int
    let maxDifferingFraction: Double
    let shard: Shard

    func write(_ results: [FrameResult]) throws {
        let frames = directory.appendingPathComponent("frames")
        do {
            try FileManager.default.createDirectory(at: frames, withIntermediateDirectories: true)
        } catch {
            throw SnapError("cannot create \(frames.path): \(error.localizedDescription)")
        }
        // The images are copied in, so that the folder stands on its own.
        func copy(_ path: String?, as suffix: String, of result: FrameResult) throws -> String? {
            guard let path else { return nil }
            let name = "\(result.name)\(suffix).png"
            let target = frames.appendingPathComponent(name)
            try? FileManager.default.removeItem(at: target)
            do {
                try FileManager.default.copyItem(atPath: path, toPath: target.path)
            } catch {
                throw SnapError("cannot copy \(path) into the report: \(error.localizedDescription)")
            }
            return "frames/" + (name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? name)
        }
        var rows = "", sections = ""
        for result in results {
            let actual = try copy(result.actualPath, as: "", of: result)
            let showsGolden = result.status == .failed
            let expected = showsGolden ? try copy(result.goldenPath, as: ".expected", of: result) : nil
            let diff = showsGolden ? try copy(result.diffPath, as: ".diff", of: result) : nil
            rows += row(result, actual: actual)
            if result.status == .failed {
                sections += failure(result, expected: expected, actual: actual, diff: diff)
            } else if result.status == .new {
                sections += newFrame(result, actual: actual)
            }
        }
        let html = page(results, rows: rows, sections: sections)
        let index = directory.appendingPathComponent("index.html")
        do {
            try Data(html.utf8).write(to: index)
        } catch {
            throw SnapError("cannot write \(index.path): \(error.localizedDescription)")
        }
    }

    private func count(_ results: [FrameResult], _ status: FrameResult.Status) -> Int {
        results.filter { $0.status == status }.count
    }

    private func page(_ results: [FrameResult], rows: String, sections: String) -> String {
        let passed = count(results, .passed), failed = count(results, .failed), new = count(results, .new)
        let written = count(results, .written)
        let shardNote = shard == .whole ? "" : " · shard \(shard.index) of \(shard.count)"
        let limit = String(format: "%g", maxDifferingFraction * 100)
        return """
            <!doctype html>
            <html lang="en">
            <head>
            <meta charset="utf-8">
            <title>lamina-snap: \(failed) failed, \(new) new, \(passed) passed</title>
            <style>\(Self.style)</style>
            </head>
            <body>
            <h1>lamina-snap</h1>
            <p class="summary">
              <span class="count failed" data-count="failed">\(failed) failed</span>
              <span class="count new" data-count="new">\(new) new</span>
              <span class="count passed" data-count="passed">\(passed) passed</span>
              \(written > 0 ? "<span class=\"count written\" data-count=\"written\">\(written) written</span>" : "")
              <span class="rule">\(results.count) frames\(shardNote) · a frame matches when at most \(limit) % of its
              pixels differ by more than \(tolerance) levels</span>
            </p>
            \(sections)
            <h2>Every frame</h2>
            <table class="frames">
            <thead><tr><th>frame</th><th>status</th><th>differing pixels</th><th>worst channel difference</th><th>time</th></tr></thead>
            <tbody>
            \(rows)</tbody>
            </table>
            <script>\(Self.script)</script>
            </body>
            </html>

            """
    }

    private func row(_ result: FrameResult, actual: String?) -> String {
        let name = result.name.markupEscaped
        let link = result.status == .failed || result.status == .new ? "#frame-\(name)" : (actual ?? "")
        let counts = result.status == .written || result.status == .new
            ? "<td>–</td><td>–</td>"
            : "<td>\(result.differingPixels)</td><td>\(result.worstDifference)</td>"
        return "<tr class=\"frame \(result.status.rawValue)\" data-frame=\"\(name)\" data-status=\"\(result.status.rawValue)\">"
            + "<td><a href=\"\(link)\">\(name)</a></td><td>\(result.status.rawValue)</td>\(counts)"
            + "<td>\(String(format: "%.2f", result.seconds)) s</td></tr>\n"
    }

    private func failure(_ result: FrameResult, expected: String?, actual: String?, diff: String?) -> String {
        let name = result.name.markupEscaped
        let percent = String(format: "%.3f", result.differingFraction * 100)
        func figure(_ role: String, _ source: String?) -> String {
            guard let source else { return "<figure class=\"\(role) missing\"><figcaption>no \(role) image</figcaption></figure>" }
            return "<figure><img class=\"\(role)\" src=\"\(source)\" alt=\"\(role) \(name)\"><figcaption>\(role)</figcaption></figure>"
        }
        var compare = ""
        if let expected, let actual {
            // Expected underneath, actual on top clipped to the slider's share from the left.
            compare = """
                <div class="compare" style="width: \(result.width)px; height: \(result.height)px">
                  <img class="under" src="\(expected)" alt="expected">
                  <div class="over" style="width: 50%"><img src="\(actual)" alt="actual" style="width: \(result.width)px"></div>
                </div>
                <div class="controls">
                  <label>expected <input class="slider" type="range" min="0" max="100" value="50"
                    style="width: \(min(result.width, 480))px" aria-label="actual shown left of here"> actual</label>
                  <button class="blink" type="button">blink</button>
                </div>
                """
        }
        return """
            <section class="failure" id="frame-\(name)" data-frame="\(name)" data-differing="\(result.differingPixels)"
              data-worst="\(result.worstDifference)">
            <h2>\(name): failed</h2>
            <p class="numbers">\(result.differingPixels) pixels (\(percent) %) differ by more than \(tolerance) levels;
            worst channel difference \(result.worstDifference).\(result.diffPath == nil ? " " + result.message.markupEscaped : "")</p>
            <div class="sidebyside">\(figure("expected", expected))\(figure("actual", actual))\(figure("diff", diff))</div>
            \(compare)
            </section>

            """
    }

    private func newFrame(_ result: FrameResult, actual: String?) -> String {
        let name = result.name.markupEscaped
        return """
            <section class="new" id="frame-\(name)" data-frame="\(name)">
            <h2>\(name): new</h2>
            <p class="numbers">\(result.message.markupEscaped). Check it, then copy it to the goldens.</p>
            <div class="sidebyside"><figure><img class="actual" src="\(actual ?? "")" alt="actual \(name)">
            <figcaption>actual</figcaption></figure></div>
            </section>

            """
    }

    private static let style = """
        body { font: 14px/1.4 system-ui, sans-serif; margin: 24px; color: #222; }
        .count { display: inline-block; padding: 2px 10px; border-radius: 10px; margin-right: 6px; font-weight: 600; }
        .count.failed { background: #fdd; color: #900; } .count.new { background: #fec; color: #850; }
        .count.passed { background: #dfd; color: #060; } .count.written { background: #eee; }
        .rule { color: #666; }
        section { border-top: 1px solid #ddd; padding-top: 8px; margin-top: 16px; }
        .sidebyside { display: flex; gap: 12px; flex-wrap: wrap; }
        figure { margin: 0; flex: 1 1 0; min-width: 200px; max-width: 660px; }
        figure img { width: 100%; image-rendering: pixelated; border: 1px solid #ccc; }
        .compare { position: relative; margin-top: 12px; border: 1px solid #ccc; max-width: none; }
        .compare img { position: absolute; top: 0; left: 0; display: block; image-rendering: pixelated; }
        .compare .over { position: absolute; top: 0; left: 0; height: 100%; overflow: hidden;
                         border-right: 2px solid #e33; box-sizing: border-box; }
        .controls { margin: 8px 0; display: flex; gap: 16px; align-items: center; }
        table { border-collapse: collapse; margin-top: 8px; }
        td, th { padding: 3px 10px; text-align: left; border-bottom: 1px solid #eee; }
        tr.failed td:nth-child(2) { color: #900; font-weight: 600; } tr.new td:nth-child(2) { color: #850; }
        tr.passed td:nth-child(2) { color: #060; }
        """

    /// The slider sets how much of the actual image shows over the expected one; blink swaps
    /// them twice a second until pressed again.
    private static let script = """
        for (const section of document.querySelectorAll('section.failure')) {
          const slider = section.querySelector('.slider'), over = section.querySelector('.over');
          const blink = section.querySelector('.blink');
          if (!slider || !over) continue;
          const show = () => { over.style.width = slider.value + '%'; };
          slider.addEventListener('input', show);
          let timer = null;
          blink.addEventListener('click', () => {
            if (timer) { clearInterval(timer); timer = null; blink.textContent = 'blink'; show(); return; }
            blink.textContent = 'stop';
            let onActual = true;
            over.style.width = '100%';
            timer = setInterval(() => { onActual = !onActual; over.style.width = onActual ? '100%' : '0%'; }, 500);
          });
        }
        """
}
