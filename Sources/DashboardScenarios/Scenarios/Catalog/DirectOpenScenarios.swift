import DashboardCore
import DashboardProxy
import Foundation
import OptoLink

/// The direct opens: a link opened in the running app, and one that cold-starts a first launch.
enum DirectOpenScenarios {
    static let directOpen = Scenario(
        name: "direct-open", needs: [.directOpen], links: [.main], needsDevEndpoints: false,
        plan: { t in
            let p = t.profile
            let open = t.linkLabel(.main)
            let direct = "DIRECT \(t.pathLabel(.main))"
            return (
                [
                    "first launch", "open \(open) in the running app", "\(p.label(.open)) → 200",
                    "\(direct) arrives once",
                ],
                "the running app opens \(open): \(p.label(.open)) answers 200 and \(direct) arrives once on "
                    + "the link stream"
            )
        },
        body: { ctx in
            let p = ctx.profile
            let device = await ctx.makeDevice()
            ctx.step("first launch")
            _ = try await ctx.firstLaunch(device)
            let main = try ctx.link(.main)
            ctx.step("open \(ctx.target.linkLabel(.main)) in the running app")
            let returned = try await device.open(url: main.url)
            ctx.step("\(p.label(.open)) → 200")
            try await ctx.checkOpenedAsALink(device, url: main.url)
            let data = device.recorder.requests(to: .linkData)
            try check(data.count == 1, "expected one \(p.label(.open)) request, got \(data.map(describe))")
            ctx.step("DIRECT \(ctx.target.pathLabel(.main)) arrives once")
            try await ctx.waitForOpenedLink(device, url: main.url, delivered: returned != nil) {
                $0.links.contains { $0.matchType == .direct }
            }
            let direct = device.recorder.links.filter { $0.matchType == .direct }
            try check(direct.count == 1, "expected one DIRECT link on the stream, got \(direct.count)")
            try check(
                main.path.map { direct[0].path == $0 } ?? true && !direct[0].isDeferred,
                "expected DIRECT \(ctx.target.pathLabel(.main)), got \(describe(direct[0]))")
            try check(
                returned == direct[0],
                "handle(url:) returned \(describe(returned)), the stream got \(describe(direct[0]))")
            return "DIRECT \(direct[0].path) delivered once; \(p.label(.open)) → \(describe(data[0]))"
        })

    static let directOpenColdStart = Scenario(
        name: "direct-open-cold-start", needs: [.directOpen], links: [.coldStart], needsDevEndpoints: false,
        plan: { t in
            let p = t.profile
            let open = t.linkLabel(.coldStart)
            return (
                [
                    "first launch opened by \(open)", "DIRECT \(t.pathLabel(.coldStart)) delivered",
                    "no \(p.label(.match)) sent", "first launch marked done",
                ],
                "a first launch opened by \(open) delivers DIRECT \(t.pathLabel(.coldStart)), sends no "
                    + "\(p.label(.match)), marks the first launch done"
            )
        },
        body: { ctx in
            let p = ctx.profile
            let device = await ctx.makeDevice()
            let coldStart = try ctx.link(.coldStart)
            let launchURL = coldStart.url
            ctx.step("first launch opened by \(ctx.target.linkLabel(.coldStart))")
            try await device.installAndLaunch(launchURL: launchURL)
            let resolved = await device.resolveDeferredLink()
            try await ctx.waitForOpenedLink(device, url: launchURL, delivered: resolved != nil) { !$0.links.isEmpty }
            ctx.step("DIRECT \(ctx.target.pathLabel(.coldStart)) delivered")
            let links = device.recorder.links
            try check(links.count == 1, "expected one link on the stream, got \(links.count)")
            let link = links[0]
            try check(
                link.matchType == .direct && coldStart.path.map { link.path == $0 } ?? true && !link.isDeferred,
                "expected DIRECT \(ctx.target.pathLabel(.coldStart)), got \(describe(link))")
            try check(resolved == link, "resolveDeferredLink() returned \(describe(resolved))")
            try await ctx.checkOpenedAsALink(device, url: launchURL)
            ctx.step("no \(p.label(.match)) sent")
            let matches = device.recorder.requests(to: .match)
            try check(
                matches.isEmpty, "a \(p.label(.match)) was sent although a link opened the app (\(matches.count))")
            ctx.step("first launch marked done")
            try check(await device.isFirstLaunchDone, "the first launch is not marked done")
            return "DIRECT \(link.path) delivered, no \(p.label(.match)) sent, first launch marked done"
        })
}
