import Foundation

extension LabPopulation {
    /// Draws the population `model` describes from its seed.
    ///
    /// How (`docs/lab.md`, "How a population is drawn"): the roles are shuffled (clicked installs, organic
    /// installs, clicks that never install); each device draws its model, iOS version, language and time zone,
    /// whether its app disagrees on the language or the time zone, IPv6 and Private Relay, the clipboard, the
    /// network of its click (cellular or Wi-Fi, and an office or its home) and of its first open (the same
    /// unless it switched), the click's time (uniform over the period) and the delay (log-normal, drawn again
    /// past the longest). Homes group consecutive devices (a few each); offices, carrier NAT addresses and relay
    /// addresses group devices in an order shuffled for each, so they are independent of the homes.
    ///
    /// - Parameters:
    ///   - model: the lab.
    ///   - installs: how many installs (default the model's).
    /// - Returns: the devices and their events in time order.
    package static func generate(_ model: LabModel, installs: Int? = nil) -> LabPopulation {
        var random = LabRandom(seed: model.seed)
        let installCount = max(0, installs ?? model.installs)
        let organic = Int((Double(installCount) * model.organicShare).rounded())
        let clicked = installCount - organic
        let abandoned = Int((Double(clicked) * model.abandonedPerClick).rounded())
        var roles = [LabRole](repeating: .clicked, count: clicked)
        roles += [LabRole](repeating: .organic, count: organic)
        roles += [LabRole](repeating: .abandoned, count: abandoned)
        random.shuffle(&roles)

        let traits = LabTraits(model)
        func cumulative(_ shares: [LabShare]) -> [Double] {
            var total = 0.0
            return shares.map {
                total += $0.share
                return total
            }
        }
        let models = cumulative(model.models)
        let versions = cumulative(model.iosVersions)
        let languages = cumulative(model.languages)
        let timezones = cumulative(model.timezones)
        func other(than index: Int, in table: [Double]) -> Int {
            guard table.count > 1 else { return index }
            var pick = index
            while pick == index { pick = random.pick(table) }
            return pick
        }
        let sigma = log(model.delayP90 / model.delayMedian) / 1.281_551_565_545
        func delay() -> Double {
            for _ in 0..<64 {
                let value = model.delayMedian * exp(sigma * random.normal())
                if value <= model.delayMax { return value }
            }
            return model.delayMax
        }
        let readsClipboard: (inout LabRandom) -> Bool =
            switch model.clipboardReading {
            case .atFirstLaunch: { _ in true }
            case .whenAppAsks: { [share = model.clipboardAppAsks] in $0.chance(share) }
            case .never: { _ in false }
            }
        func wifi() -> LabNetwork { random.chance(model.officeShare) ? .office : .home }

        var devices = [LabDevice]()
        devices.reserveCapacity(roles.count)
        for role in roles {
            var d = LabDevice(role: role)
            d.model = UInt16(random.pick(models))
            d.version = UInt16(random.pick(versions))
            d.language = UInt16(random.pick(languages))
            d.timezone = UInt16(random.pick(timezones))
            d.appLanguage =
                random.chance(model.languageMismatch) ? UInt16(other(than: Int(d.language), in: languages)) : d.language
            d.appTimezone =
                random.chance(model.timezoneMismatch) ? UInt16(other(than: Int(d.timezone), in: timezones)) : d.timezone
            let updated = role == .clicked && random.chance(model.osUpdateShare)
            d.launchVersion = updated ? d.version + UInt16(traits.updateOffset) : d.version
            if random.chance(model.ipv6Share) {
                d.flags.insert(.ipv6)
                d.ipv6Phase = Float(random.unit())
            }
            if random.chance(model.relayShare) { d.flags.insert(.relay) }
            if random.chance(model.clipboardWritten) { d.flags.insert(.clipboardWritten) }
            if random.chance(model.clipboardAllowed) { d.flags.insert(.clipboardAllowed) }
            if readsClipboard(&random) { d.flags.insert(.clipboardRead) }
            d.clickNetwork = random.chance(model.cellularShare) ? .cellular : wifi()
            switch role {
            case .clicked:
                d.clickTime = random.unit() * model.period
                d.launchTime = d.clickTime + delay()
                if random.chance(model.switchShare) {
                    d.launchNetwork = d.clickNetwork == .cellular ? wifi() : .cellular
                } else {
                    d.launchNetwork = d.clickNetwork
                }
            case .organic:
                d.launchNetwork = d.clickNetwork
                d.launchTime = random.unit() * model.period
            case .abandoned:
                d.clickTime = random.unit() * model.period
                d.launchNetwork = d.clickNetwork
            }
            devices.append(d)
        }

        // Homes: consecutive devices, a few each.
        var home: UInt32 = 0
        var left = random.int(in: model.homeDevices)
        for index in devices.indices {
            if left == 0 {
                home += 1
                left = random.int(in: model.homeDevices)
            }
            devices[index].home = home
            left -= 1
        }
        // Offices, carrier NAT addresses: groups in orders of their own.
        var order = Array(0..<devices.count)
        random.shuffle(&order)
        for (rank, index) in order.enumerated() { devices[index].office = UInt32(rank / model.officeDevices) }
        random.shuffle(&order)
        let pools = max(1, (devices.count + model.cgnatDevices - 1) / model.cgnatDevices)
        for (rank, index) in order.enumerated() {
            devices[index].pool = UInt32(rank / model.cgnatDevices)
            devices[index].launchPool = devices[index].pool
        }
        var relayed = 0
        for index in devices.indices {
            if devices[index].has(.relay) {
                devices[index].relayGroup = UInt32(relayed / model.relayDevices)
                relayed += 1
            }
            let d = devices[index]
            if d.role == .clicked, d.clickNetwork == .cellular, d.launchNetwork == .cellular, pools > 1,
                random.chance(model.cgnatAddressChange)
            {
                var pool = d.pool
                while pool == d.pool { pool = UInt32(random.index(below: pools)) }
                devices[index].launchPool = pool
            }
        }

        return LabPopulation(model: model, devices: devices)
    }
}
