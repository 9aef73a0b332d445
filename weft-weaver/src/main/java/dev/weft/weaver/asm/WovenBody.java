package dev.weft.weaver.asm;

import dev.weft.weaver.model.StateMachine;
import org.objectweb.asm.tree.MethodNode;

/**
 * One body woven: the new method for the user's class, its state class, and the model.
 *
 * @param method the woven body method, to add to the user's class
 * @param stateClass the state class's internal name
 * @param stateClassBytes its class file
 * @param model what expand prints
 */
record WovenBody(MethodNode method, String stateClass, byte[] stateClassBytes, StateMachine model) {}
