import OptoLinkHTTP

/// A thread-safe, changeable network address: a simulated device's, which a network switch changes while
/// its requests are going.
package typealias AddressBox = Locked<String>
