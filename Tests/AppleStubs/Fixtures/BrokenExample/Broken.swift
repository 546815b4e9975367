// Fixture (must FAIL Scripts/apple-typecheck.sh): reads main-actor UIKit state from a nonisolated
// function, a mistake only the stubs' `@MainActor` annotations reveal on Linux.
import OptoLink
import UIKit

func launchURL(_ options: UIScene.ConnectionOptions) -> URL? {
    options.urlContexts.first?.url
}
