import LaminaHost
/// JUnit XML of a run (`--junit FILE`), the format CI systems (GitHub Actions' test reporters,
/// GitLab's `artifacts:reports:junit`, Jenkins) read: one `<testsuite>` per demo, one
/// `<testcase>` per frame named `DEMO@T`; a frame that differs is a `<failure>`, one with no
/// golden a `<failure type="new">` (CI should notice it), frames written without a comparison pass.
struct JUnitReport {
    let path: String
    let shard: Shard

    func write(_ results: [FrameResult]) throws {
        var demos: [String] = []
        for result in results where !demos.contains(result.demo) { demos.append(result.demo) }
        let failures = results.filter { $0.status == .failed || $0.status == .new }.count
        let total = results.reduce(0) { $0 + $1.seconds }
        let suiteName = shard == .whole ? "lamina-snap" : "lamina-snap (shard \(shard.index)/\(shard.count))"
        var xml = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
        xml += "<testsuites name=\"\(suiteName.markupEscaped)\" tests=\"\(results.count)\" failures=\"\(failures)\" errors=\"0\""
            + " time=\(seconds(total))>\n"
        for demo in demos {
            let cases = results.filter { $0.demo == demo }
            let caseFailures = cases.filter { $0.status == .failed || $0.status == .new }.count
            xml += "  <testsuite name=\"\(demo.markupEscaped)\" tests=\"\(cases.count)\" failures=\"\(caseFailures)\" errors=\"0\""
                + " skipped=\"0\" time=\(seconds(cases.reduce(0) { $0 + $1.seconds }))>\n"
            for result in cases {
                xml += "    <testcase classname=\"lamina-snap.\(demo.markupEscaped)\" name=\"\(result.name.markupEscaped)\""
                    + " time=\(seconds(result.seconds))"
                switch result.status {
                case .passed, .written:
                    xml += "/>\n"
                case .failed, .new:
                    let type = result.status == .new ? "new" : "mismatch"
                    var detail = "actual: \(result.actualPath)"
                    if let golden = result.goldenPath { detail += "\ngolden: \(golden)" }
                    if let diff = result.diffPath { detail += "\ndiff: \(diff)" }
                    xml += ">\n      <failure type=\"\(type)\" message=\"\(result.message.markupEscaped)\">\(detail.markupEscaped)</failure>\n"
                        + "    </testcase>\n"
                }
            }
            xml += "  </testsuite>\n"
        }
        xml += "</testsuites>\n"
        do {
            let url = URL(fileURLWithPath: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(xml.utf8).write(to: url)
        } catch {
            throw SnapError("cannot write \(path): \(error.localizedDescription)")
        }
    }

    private func seconds(_ value: Double) -> String { "\"" + String(format: "%.3f", value) + "\"" }
}
